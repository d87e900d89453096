// The broadcasts module's public surface (Studio → Emails and the email preferences): the only file
// other modules may import.
export {
  audienceCount,
  listBroadcastRecipients,
  createBroadcast,
  deleteBroadcast,
  getBroadcast,
  listBroadcasts,
  sendBroadcast,
  sendTestBroadcast,
  unscheduleBroadcast,
  updateBroadcast,
  type BroadcastDeps,
} from './service.js';
export { registerBroadcastJobs } from './sending.js';
