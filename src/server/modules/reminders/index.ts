// The reminders module's public surface: the only file other modules may import.
export { reminderRoutes } from './routes.js';
export { registerReminderJobs, sentCartReminders } from './service.js';
