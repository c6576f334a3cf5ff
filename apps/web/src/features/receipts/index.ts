export { ReceiptCard } from './components/receipt-list';
export { statusQuery, type ReceiptStatus } from './api/receipts-api';
import './receipts.css';
