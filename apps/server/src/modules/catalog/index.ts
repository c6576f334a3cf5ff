/** The catalogue area: products, prices, pictures; prices are read by cart, orders and warehouse. What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { CATALOGUE_KEPT_TABLES, CatalogService } from './service.js';
export { currencySymbol, formatQuantity, imagesOf } from './mapper.js';
export { finalPriceSql, normaliseSearch, priceListOf, priceRow } from './repository.js';
