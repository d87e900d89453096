import type { ResourceRef } from './types.js';

/** Downloadable files shipped with the demo catalog (see `../files/`). */
export const resources = {
  budgetTrackerStarter: {
    fileName: 'budget_tracker_starter.py',
    storagePath: 'python-foundations/budget_tracker_starter.py',
    contentType: 'text/x-python',
  },
  djangoSettingsChecklist: {
    fileName: 'settings_checklist.md',
    storagePath: 'django-starter/settings_checklist.md',
    contentType: 'text/markdown',
  },
  drfRequirements: {
    fileName: 'requirements.txt',
    storagePath: 'drf-task-api/requirements.txt',
    contentType: 'text/plain',
  },
  pandasCheatSheet: {
    fileName: 'pandas_cheatsheet.md',
    storagePath: 'data-analysis/pandas_cheatsheet.md',
    contentType: 'text/markdown',
  },
  modelEvaluationCheatSheet: {
    fileName: 'model_evaluation_cheatsheet.md',
    storagePath: 'machine-learning/model_evaluation_cheatsheet.md',
    contentType: 'text/markdown',
  },
} satisfies Record<string, ResourceRef>;
