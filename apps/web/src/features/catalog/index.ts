/** What other areas may use of the catalogue: the catalogue panel (search, filters, views) and the product picture. */
export { CatalogPanel } from './components/catalog-panel';
export { ProductImage, productImageUrl } from './components/product-image';
import './catalog.css';
