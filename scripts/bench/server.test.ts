import { describe, expect, it } from 'vitest'
import { nodeFlag, parseServeCommand } from './server.ts'

describe('parseServeCommand', () => {
  it('splits the environment, the Node flags and the entry', () => {
    expect(
      parseServeCommand(
        'MALLOC_ARENA_MAX=2 node --max-old-space-size=128 --import tsx server/main.ts',
      ),
    ).toEqual({
      env: { MALLOC_ARENA_MAX: '2' },
      args: ['--max-old-space-size=128', '--import', 'tsx', 'server/main.ts'],
    })
  })

  it('refuses a script the benchmark could not start the same way', () => {
    expect(() => parseServeCommand('tsx server/main.ts')).toThrow(/node/)
    expect(() => parseServeCommand('node a.js && node b.js')).toThrow(/node/)
  })
})

describe('nodeFlag', () => {
  it('reads a flag given with = or as the next word', () => {
    expect(nodeFlag(['--max-old-space-size=128', 'x.ts'], '--max-old-space-size')).toBe('128')
    expect(nodeFlag(['--max-old-space-size', '96'], '--max-old-space-size')).toBe('96')
    expect(nodeFlag(['--import', 'tsx'], '--max-old-space-size')).toBeNull()
  })
})
