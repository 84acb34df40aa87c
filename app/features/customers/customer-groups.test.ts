import { expect, test } from 'vitest'
import { type SenderRow, customerPath, groupCustomers, sharedHandles } from './customer-groups.ts'

const row = (id: number, name: string, email: string, phone_number = ''): SenderRow => ({
  id,
  name,
  email,
  phone_number,
})

test('one email, whatever its case, or one phone, however written, is one customer', () => {
  const groups = groupCustomers([
    row(1, 'Priya Sharma', 'priya@example.com', '416-555-0199'),
    row(2, 'Sam Lee', 'sam@example.com', '647 555 0101'),
    row(3, 'Priya S.', 'PRIYA@Example.com', ''),
    row(4, 'Priya (work)', 'psharma@work.example', '(416) 555-0199'),
  ])
  expect(groups).toEqual([
    {
      key: 1,
      requestIds: [1, 3, 4],
      messageIds: [],
      // Her newest name, and every way to reach her, newest first.
      name: 'Priya (work)',
      emails: ['psharma@work.example', 'priya@example.com'],
      phones: ['4165550199'],
    },
    {
      key: 2,
      requestIds: [2],
      messageIds: [],
      name: 'Sam Lee',
      emails: ['sam@example.com'],
      phones: ['6475550101'],
    },
  ])
})

test('a request that shares an email with one and a phone with another joins all three, under the oldest', () => {
  const groups = groupCustomers([
    row(7, 'Ada', 'ada@example.com', '416-555-0100'),
    row(3, 'Ada O.', 'ada.o@example.com', '416-555-0111'),
    row(9, 'Ada Okafor', 'ada@example.com', '4165550111'),
  ])
  expect(groups.map((group) => [group.key, group.requestIds])).toEqual([[3, [3, 7, 9]]])
})

test('a number that is not ten digits joins nobody, and no request is alone with none', () => {
  const groups = groupCustomers([
    row(1, 'A', 'a@example.com', '12'),
    row(2, 'B', 'b@example.com', '12'),
  ])
  expect(groups.map((group) => group.requestIds)).toEqual([[1], [2]])
  expect(groupCustomers([])).toEqual([])
})

test('her corrections: a number kept apart ties no one, and two customers she joined are one', () => {
  const rows = [
    row(1, 'Ana Costa', 'ana@example.com', '416-555-0150'),
    row(2, 'Bea Costa', 'bea@example.com', '416 555 0150'),
    row(3, 'Ana C.', 'ana.costa@work.example', ''),
  ]
  // The family's one number joins mother and daughter.
  expect(groupCustomers(rows).map((group) => group.requestIds)).toEqual([[1, 2], [3]])
  expect(sharedHandles(rows.slice(0, 2))).toEqual(['phone:4165550150'])
  const corrected = groupCustomers(rows, {
    apart: new Set(['phone:4165550150']),
    joins: [
      [1, 3],
      // A join to an order no longer in the book joins nothing.
      [2, 99],
    ],
  })
  expect(corrected).toEqual([
    {
      key: 1,
      requestIds: [1, 3],
      messageIds: [],
      name: 'Ana C.',
      emails: ['ana.costa@work.example', 'ana@example.com'],
      phones: ['4165550150'],
    },
    {
      key: 2,
      requestIds: [2],
      messageIds: [],
      name: 'Bea Costa',
      emails: ['bea@example.com'],
      phones: ['4165550150'],
    },
  ])
})

test('someone who has only written is a customer of her own, until she orders from that address', () => {
  const groups = groupCustomers([
    row(-4, 'Lena Park', 'lena@example.com', ''),
    row(-9, 'Lena', 'LENA@example.com', '905 555 0123'),
    row(6, 'Omar Haddad', 'omar@example.com', ''),
  ])
  expect(groups).toEqual([
    {
      key: 6,
      requestIds: [6],
      messageIds: [],
      name: 'Omar Haddad',
      emails: ['omar@example.com'],
      phones: [],
    },
    {
      key: -4,
      requestIds: [],
      messageIds: [4, 9],
      name: 'Lena',
      emails: ['lena@example.com'],
      phones: ['9055550123'],
    },
  ])
  expect(customerPath(-4)).toBe('/admin/customers/m4')
  // Her first order, from the address she wrote from: her order leads, her messages join it.
  const ordered = groupCustomers([
    row(-4, 'Lena Park', 'lena@example.com', ''),
    row(12, 'Lena Park', 'lena@example.com', '905-555-0123'),
  ])
  expect(ordered).toEqual([
    {
      key: 12,
      requestIds: [12],
      messageIds: [4],
      name: 'Lena Park',
      emails: ['lena@example.com'],
      phones: ['9055550123'],
    },
  ])
  expect(customerPath(12)).toBe('/admin/customers/12')
})
