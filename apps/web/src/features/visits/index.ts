export { VisitsPage } from './visits-page';
export { CustomerDetailPage } from './customer-detail-page';
export { ContainersPage } from './containers-page';
