// The reminders module's public surface: the only file other modules may import.
export { registerReminderJobs, sentCartReminders } from './service.js';
