// The settings module's public surface: other modules import only from here.
export {
  deleteDemoSettings,
  demoSettingKeys,
  dismissSetup,
  getSiteSettings,
  sellerDetails,
  setSiteLogo,
  setupDismissedAt,
  siteIdentity,
  siteNameOf,
  supportAddress,
  updateSiteSettings,
} from './service.js';
