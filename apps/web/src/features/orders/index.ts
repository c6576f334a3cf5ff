/** What other areas may use of orders: the 'orders made' tab of the order-entry and purchase-order screens. */
export { OrdersMadeTab } from './orders-made-tab';
