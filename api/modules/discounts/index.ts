export { discountAdminRoutes } from './admin/routes';
