// The settings module's public surface: other modules import only from here.
export { getSiteSettings, sellerDetails, supportAddress, updateSiteSettings } from './service.js';
