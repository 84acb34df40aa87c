import { answeredAt } from '#app/components/action-status.tsx'

/**
 * The one place on an order's page where the answer to her last post shows:
 * at the top of the card she used, or of the page's column when that card is
 * gone. Only one answer shows at a time, so they share the id.
 */
export const ORDER_ANSWER_ID = 'order-answer'

/**
 * Every form on the order's page posts with this action, so that a page
 * answered without JavaScript opens at the answer, not at the top of the
 * order (decision 068).
 */
export const ORDER_ANSWER_ACTION = answeredAt(ORDER_ANSWER_ID)
