// The server modules' declared order (ARCHITECTURE.md, "Module order"; decision 0012). Each module
// has a layer and the modules it may import; lectern/module-deps rejects an import of another
// module that is not listed here, a listed import of a higher layer, and any new cycle. To add an
// import: list it under the importing module, and only if the imported module is in a lower layer
// (or in the same layer without a way back). What combines several modules moves UP to the layer
// that combines them; nothing moves down by passing callbacks around. No edge against the order
// remains (issue 22).
export const layers = ['foundation', 'catalog', 'facts', 'access', 'features', 'admin'];

export const moduleLayers = {
  // foundation: who the users are, the site's settings, the event counts
  accounts: { layer: 'foundation', imports: [] },
  settings: { layer: 'foundation', imports: ['accounts'] },
  analytics: { layer: 'foundation', imports: [] },
  // the signing key and the Open Badges credentials signed with it (certificates, letters)
  credentials: { layer: 'foundation', imports: [] },

  // catalog: courses, plans, prices
  catalog: { layer: 'catalog', imports: [] },

  // facts: enrolments (with the lessons completed) and memberships (the records and when one is
  // current), importing nothing above catalog
  enrolments: { layer: 'facts', imports: [] },
  memberships: { layer: 'facts', imports: ['catalog'] },
  // unlocks: dripped lessons the instructor opened early for one student.
  unlocks: { layer: 'facts', imports: [] },

  // access: a pure decision over the facts
  access: {
    layer: 'access',
    imports: ['enrolments', 'memberships', 'unlocks'],
  },

  // features
  learning: { layer: 'features', imports: ['access', 'accounts', 'catalog', 'credentials', 'enrolments', 'projects', 'settings'] },
  subscriptions: { layer: 'features', imports: ['access', 'accounts', 'catalog', 'memberships'] },
  cart: { layer: 'features', imports: ['access', 'catalog', 'enrolments'] },
  orders: { layer: 'features', imports: ['access', 'accounts', 'cart', 'catalog', 'enrolments', 'settings'] },
  // the providers' webhooks: verified once, each event handed to the module it is about
  webhooks: { layer: 'features', imports: ['orders', 'subscriptions'] },
  reminders: { layer: 'features', imports: ['access', 'accounts', 'cart', 'catalog', 'enrolments', 'subscriptions'] },
  contact: { layer: 'features', imports: ['settings'] },
  site: { layer: 'features', imports: ['catalog', 'enrolments', 'projects', 'settings'] },
  'web-host': { layer: 'features', imports: ['catalog', 'projects'] },
  // the course page: the catalog's content with the enrolment count and the viewer's access and progress
  storefront: { layer: 'features', imports: ['access', 'catalog', 'enrolments'] },
  devtools: { layer: 'features', imports: [] },
  // students' ratings and reviews: who may rate asks access; the figures are kept on the course by catalog
  reviews: { layer: 'features', imports: ['access', 'accounts', 'catalog'] },
  // projects, submissions, their review and the letters an approval issues
  projects: { layer: 'features', imports: ['access', 'accounts', 'catalog', 'credentials', 'settings'] },
  // the instructor's emails to an audience: who is in it asks accounts, access (a course's students) and memberships
  broadcasts: { layer: 'features', imports: ['access', 'accounts', 'catalog', 'memberships', 'settings'] },

  // admin: the studio, over everything (the studio's courses are the catalog's with the enrolment counts)
  admin: {
    layer: 'admin',
    imports: [
      'accounts',
      'analytics',
      'broadcasts',
      'cart',
      'catalog',
      'contact',
      'enrolments',
      'learning',
      'memberships',
      'orders',
      'projects',
      'reminders',
      'reviews',
      'settings',
      'site',
      'storefront',
      'subscriptions',
      'unlocks',
      'webhooks',
    ],
  },
};

// The files of src/server in an import cycle, as eslint/import-cycles.test.ts finds them: none. The
// test fails on any cycle; keep this list empty (break a cycle by moving what combines modules up).
export const knownFileCycles = [];
