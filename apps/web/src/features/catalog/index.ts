/** What other areas may use of the catalogue: the order-entry screen of a cart kind. */
export { OrderEntry } from './components/order-entry';
import './catalog.css';
