import type { CourseSpec } from './types.js';
import { webVideos, youtube } from './videos.js';

const accessibilityArticle = `
<p>Accessible pages work for people using screen readers, keyboards, zoom or voice control, and they also rank better in search and are easier to test. Most of the work is simply using HTML as intended.</p>
<ul>
<li><strong>One <code>&lt;h1&gt;</code> per page</strong>, then headings in order without skipping levels.</li>
<li><strong>Alt text on every meaningful image</strong> describing what it shows; <code>alt=""</code> for decorative ones.</li>
<li><strong>A <code>&lt;label&gt;</code> for every form field</strong>, connected with <code>for</code> and <code>id</code>.</li>
<li><strong>Real buttons and links</strong>: a <code>&lt;div&gt;</code> with a click handler cannot be reached with the keyboard.</li>
<li><strong>Enough colour contrast</strong>: at least 4.5:1 for body text.</li>
</ul>
<pre><code>&lt;form action="/subscribe" method="post"&gt;
  &lt;label for="email"&gt;Email address&lt;/label&gt;
  &lt;input id="email" name="email" type="email" autocomplete="email" required&gt;
  &lt;button type="submit"&gt;Subscribe&lt;/button&gt;
&lt;/form&gt;</code></pre>
<p>Test by unplugging your mouse: if you can reach and use everything with <kbd>Tab</kbd>, <kbd>Enter</kbd> and <kbd>Space</kbd>, you have fixed most problems already.</p>
`;

const customPropertiesArticle = `
<p>CSS custom properties, often called CSS variables, let you name a value once and reuse it everywhere. Change the variable and every rule that uses it updates, which makes themes and consistent spacing easy.</p>
<pre><code>:root {
  --brand: #3b3bb3;
  --accent: #f59e0b;
  --radius: 0.75rem;
  --space: 1rem;
}

.button {
  background: var(--brand);
  border-radius: var(--radius);
  padding: calc(var(--space) * 0.75) calc(var(--space) * 1.5);
}

.button--cta {
  background: var(--accent);
}

@media (prefers-color-scheme: dark) {
  :root { --brand: #8b8bff; }
}</code></pre>
<p>Unlike variables in Sass, custom properties exist in the browser at run time. They follow the cascade, can be overridden for one component, and can be changed with JavaScript or media queries, like the dark-mode rule above.</p>
`;

const devtoolsArticle = `
<p>When a layout breaks, guessing at CSS changes wastes time. The browser's developer tools show exactly why an element is where it is.</p>
<ul>
<li><strong>Inspect the element</strong> (right-click, Inspect) and read the <em>Computed</em> tab: it shows the final value of every property and which rule set it.</li>
<li><strong>Look at the box model diagram</strong> to spot unexpected margins or padding.</li>
<li><strong>Turn on the Flexbox and Grid overlays</strong> to see tracks, gaps and alignment.</li>
<li><strong>Use the device toolbar</strong> to test every breakpoint, not just your laptop width.</li>
</ul>
<p>One trick finds most horizontal scrolling bugs in seconds: temporarily outline everything and look for the element that pokes out.</p>
<pre><code>* {
  outline: 1px solid rgb(255 0 0 / 0.4);
}</code></pre>
<p>Remove the rule as soon as you have found the culprit, which is usually a fixed width, a long unbroken word or an image without <code>max-width: 100%</code>.</p>
`;

const thisArticle = `
<p><code>this</code> in JavaScript is not fixed when a function is written. For regular functions it is decided by <strong>how the function is called</strong>, which is why it surprises people coming from other languages.</p>
<ul>
<li>Called as a method, <code>obj.greet()</code>: <code>this</code> is <code>obj</code>.</li>
<li>Called on its own, <code>greet()</code>: <code>this</code> is <code>undefined</code> in modules and strict mode.</li>
<li>Called with <code>new</code>: <code>this</code> is the new object.</li>
<li>Arrow functions have no <code>this</code> of their own; they use the one from the surrounding code.</li>
</ul>
<pre><code>const timer = {
  seconds: 0,
  start() {
    // arrow function: "this" is still the timer object
    setInterval(() =&gt; {
      this.seconds += 1;
      console.log(this.seconds);
    }, 1000);
  },
};

timer.start();

const start = timer.start;
start(); // TypeError: "this" is undefined, because start was called on its own</code></pre>
<p>Rule of thumb: use methods for object behaviour and arrow functions for callbacks inside them.</p>
`;

const localStorageArticle = `
<p>A to-do list that forgets everything on reload is not very useful. <code>localStorage</code> keeps small amounts of data in the browser between visits, with a very simple API.</p>
<pre><code>const STORAGE_KEY = "todos:v1";

function loadTodos() {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY)) ?? [];
  } catch {
    return []; // corrupted or written by an older version
  }
}

function saveTodos(todos) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(todos));
}</code></pre>
<ul>
<li>It stores <strong>strings only</strong>, so convert with <code>JSON.stringify</code> and <code>JSON.parse</code>.</li>
<li>Put a <strong>version in the key</strong> so you can change the data shape later without crashing old visitors.</li>
<li>It is <strong>readable by any script on the page</strong>: never store passwords or tokens there.</li>
<li>It holds about 5 MB per site, plenty for preferences and drafts.</li>
</ul>
`;

const fetchErrorsArticle = `
<p><code>fetch</code> has a surprise for beginners: a 404 or 500 response is <strong>not</strong> an error. The promise only rejects when the network itself fails. You have to check the status yourself.</p>
<pre><code>async function getJson(url) {
  let response;
  try {
    response = await fetch(url, { headers: { Accept: "application/json" } });
  } catch {
    throw new Error("You appear to be offline. Check your connection and try again.");
  }
  if (!response.ok) {
    throw new Error(\`The server answered \${response.status}. Please try again later.\`);
  }
  return response.json();
}

try {
  const weather = await getJson("/api/weather?city=Pune");
  render(weather);
} catch (error) {
  showMessage(error.message);
}</code></pre>
<p>Show the user a message they can act on, keep the technical details in the console, and offer a retry button. A silent failure is the worst experience of all: the page simply never finishes loading.</p>
`;

const spaAuthArticle = `
<p>When the front end and the API are separate applications, authentication has to cross that boundary. There are two sound designs.</p>
<h3>Same-site cookies</h3>
<p>Serve the React app and the API from the same site (for example <code>app.example.com</code> and <code>api.example.com</code>) and use Django's session cookie with CSRF protection. Simple, and no tokens in JavaScript.</p>
<h3>Short-lived access tokens</h3>
<p>Issue a short-lived JWT access token kept in memory, plus a rotating refresh token in an HttpOnly cookie. This suits mobile clients and APIs shared by several front ends.</p>
<pre><code>// api.ts: retry once with a fresh access token
export async function api(path: string, init: RequestInit = {}) {
  const send = () =&gt; fetch(\`/api\${path}\`, {
    ...init,
    headers: { ...init.headers, Authorization: \`Bearer \${getAccessToken()}\` },
  });
  let response = await send();
  if (response.status === 401 &amp;&amp; (await refreshAccessToken())) response = await send();
  return response;
}</code></pre>
<p>In this course we use the second design, because the same API will later serve a mobile app.</p>
`;

const mirrorValidationArticle = `
<p>Validation has to happen on the server: it is the only place a user cannot bypass. But waiting for a round trip to learn that an email is malformed makes forms feel slow. The answer is to validate twice with <strong>the same rules</strong>.</p>
<pre><code>import { z } from "zod";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";

export const signupSchema = z.object({
  email: z.string().email("Enter a valid email address."),
  password: z.string().min(10, "Use at least 10 characters."),
});

export function SignupForm() {
  const { register, handleSubmit, setError, formState: { errors } } =
    useForm({ resolver: zodResolver(signupSchema) });

  const onSubmit = handleSubmit(async (values) =&gt; {
    const response = await api("/signup/", { method: "POST", body: JSON.stringify(values) });
    if (response.status === 400) {
      const fieldErrors = await response.json();   // { "email": ["already registered"] }
      for (const [field, messages] of Object.entries(fieldErrors)) {
        setError(field as "email" | "password", { message: String(messages) });
      }
    }
  });
  // ...
}</code></pre>
<p>The client catches typos instantly; the server still checks everything and its field errors land under the same inputs.</p>
`;

const perfBudgetArticle = `
<p>A performance budget is a limit you agree on before the app gets slow, for example <em>the course page loads in under 2.5 seconds on a mid-range phone over 4G</em>. Budgets turn "it feels sluggish" into a failing check.</p>
<ul>
<li><strong>JavaScript</strong>: keep the initial bundle under about 200 KB compressed; lazy-load routes the first screen does not need.</li>
<li><strong>Images</strong>: serve modern formats at the displayed size and reserve their space to avoid layout shift.</li>
<li><strong>Fonts</strong>: one variable font, self-hosted, with <code>font-display: swap</code>.</li>
<li><strong>Data</strong>: show a skeleton immediately and fetch only what the screen shows.</li>
</ul>
<pre><code>import { lazy, Suspense } from "react";

const LessonPlayer = lazy(() =&gt; import("./pages/LessonPlayer"));

&lt;Suspense fallback={&lt;PlayerSkeleton /&gt;}&gt;
  &lt;LessonPlayer /&gt;
&lt;/Suspense&gt;</code></pre>
<p>Check the budget in CI on every pull request, so a heavy dependency is noticed on the day it is added.</p>
`;

export const webCourses: CourseSpec[] = [
  {
    slug: 'html-css-fundamentals',
    title: 'HTML & CSS Fundamentals: Build Responsive Websites',
    subtitle: 'Learn modern HTML and CSS, Flexbox, Grid and responsive design, and publish your own portfolio site.',
    category: 'web-development',
    complexity: 'Beginner',
    courseType: 'free',
    promoVideo: youtube('G3e-cpL7ofc'),
    description: `
<p>Every web developer, whether front end, back end or full stack, needs to be comfortable with HTML and CSS. This course teaches them properly, from semantic markup to modern layout with <strong>Flexbox and Grid</strong>, so you stop fighting your stylesheets.</p>
<p>Each concept comes with a small exercise, and the course builds towards a complete, responsive <em>portfolio website</em> that you publish for free on GitHub Pages and can show to employers and clients.</p>
<h3>No experience needed</h3>
<p>All you need is a computer and a browser. We install a free editor together in the first section.</p>
`,
    whatYouWillLearn: [
      'Write semantic, accessible HTML pages',
      'Style pages with selectors, the box model and typography',
      'Build layouts with Flexbox and CSS Grid',
      'Make sites responsive with mobile-first media queries',
      'Debug layouts with browser developer tools',
      'Publish a portfolio site on GitHub Pages',
    ],
    targetAudience: [
      'Complete beginners to web development',
      'Backend developers who want to stop struggling with CSS',
      'Designers who want to build what they design',
    ],
    enrolledBaseline: 11240,
    previewCount: 3,
    videoPool: webVideos,
    sections: [
      {
        title: 'Getting Started',
        lessons: [
          ['How websites work', '6:10'],
          ['Setting up VS Code and Live Server', '7:25'],
          ['Your first HTML page', '9:40'],
        ],
      },
      {
        title: 'HTML Essentials',
        lessons: [
          ['Headings, paragraphs and lists', '8:35'],
          ['Links and images', '9:50'],
          ['Semantic layout elements', '11:15'],
          ['Tables for tabular data', '8:05'],
          ['Forms and inputs', '14:30'],
          { title: 'Accessibility basics every page needs', time: '6:00', article: accessibilityArticle },
        ],
      },
      {
        title: 'CSS Basics',
        lessons: [
          ['Selectors and specificity', '12:20'],
          ['Colours, units and typography', '13:05'],
          ['The box model', '11:40'],
          { title: 'CSS custom properties', time: '5:00', article: customPropertiesArticle },
        ],
      },
      {
        title: 'Modern Layout',
        lessons: [
          ['Flexbox fundamentals', '15:15'],
          ['Flexbox in practice: a navigation bar', '12:45'],
          ['CSS Grid fundamentals', '14:50'],
          ['Grid in practice: a photo gallery', '13:30'],
          ['Positioning: relative, absolute and sticky', '10:20'],
        ],
      },
      {
        title: 'Responsive Design',
        lessons: [
          ['Mobile-first media queries', '12:35'],
          ['Responsive images', '9:45'],
          ['Fluid typography with clamp()', '8:30'],
          { title: 'Debugging layouts with DevTools', time: '5:00', article: devtoolsArticle },
        ],
      },
      {
        title: 'Project: Your Portfolio Site',
        lessons: [
          ['Planning the pages', '6:45'],
          ['Building the home page', '21:15'],
          ['Projects grid and contact form', '18:30'],
          ['Publishing to GitHub Pages', '9:10'],
        ],
      },
    ],
  },
  {
    slug: 'javascript-essentials',
    title: 'Modern JavaScript Essentials',
    subtitle: 'The JavaScript you need for real projects: functions, arrays, the DOM, async code and modules.',
    category: 'web-development',
    complexity: 'Beginner',
    courseType: 'free',
    promoVideo: null,
    description: `
<p>JavaScript is the language of the browser, and knowing it well makes every front-end framework easier to learn. This course focuses on the <strong>modern JavaScript</strong> used in real codebases today, not the quirks of fifteen years ago.</p>
<p>You will learn the core language, then put it to work on the page: responding to events, updating the DOM, saving data in the browser and fetching live data from APIs with <em>async and await</em>.</p>
<h3>Projects</h3>
<ul>
<li>An interactive to-do list that remembers your tasks.</li>
<li>A weather dashboard powered by a public API.</li>
</ul>
`,
    whatYouWillLearn: [
      'Use variables, types, conditions and loops confidently',
      'Write functions, closures and higher-order functions',
      'Transform data with map, filter and reduce',
      'Update pages and handle events with the DOM',
      'Write asynchronous code with promises and async/await',
      'Organise code with ES modules and Vite',
    ],
    targetAudience: [
      'Learners who know HTML and CSS and want to add interactivity',
      'Python developers who need JavaScript for full-stack work',
      'Anyone preparing to learn React',
    ],
    enrolledBaseline: 8130,
    previewCount: 2,
    videoPool: webVideos,
    sections: [
      {
        title: 'JavaScript Basics',
        lessons: [
          ['Where JavaScript runs', '6:25'],
          ['Variables with let and const', '9:15'],
          ['Numbers, strings and template literals', '11:30'],
          ['Conditionals and loops', '12:40'],
        ],
      },
      {
        title: 'Functions',
        lessons: [
          ['Function declarations and arrow functions', '10:55'],
          ['Scope and closures', '13:20'],
          ['Higher-order functions', '11:45'],
          { title: 'this, explained once', time: '6:00', article: thisArticle },
        ],
      },
      {
        title: 'Arrays and Objects',
        lessons: [
          ['Array methods: map, filter and reduce', '14:35'],
          ['Destructuring and spread', '10:10'],
          ['Objects and JSON', '11:25'],
          ['Classes and prototypes', '13:50'],
        ],
      },
      {
        title: 'Working with the DOM',
        lessons: [
          ['Selecting and changing elements', '12:15'],
          ['Events and event delegation', '13:40'],
          ['Building a to-do list', '19:25'],
          { title: 'Saving data with localStorage', time: '5:00', article: localStorageArticle },
        ],
      },
      {
        title: 'Asynchronous JavaScript',
        lessons: [
          ['Callbacks and the event loop', '12:50'],
          ['Promises', '13:15'],
          ['async and await', '11:35'],
          ['Fetching data from an API', '14:20'],
          { title: 'Handling fetch errors properly', time: '5:00', article: fetchErrorsArticle },
        ],
      },
      {
        title: 'Tooling and Modules',
        lessons: [
          ['ES modules', '9:25'],
          ['npm and Vite', '12:05'],
          ['Project: a weather dashboard', '22:40'],
          ['Where to go next', '4:45'],
        ],
      },
    ],
  },
  {
    slug: 'react-django-fullstack',
    title: 'Full-Stack Web Apps with React and Django',
    subtitle: 'Build and deploy a complete course marketplace with a Django REST API, a React front end, payments and tests.',
    category: 'web-development',
    complexity: 'Advanced',
    courseType: 'paid',
    promoVideo: youtube('bMknfKXIFA8'),
    description: `
<p>Knowing Django and knowing React is not the same as knowing how to build a product with both. This course connects the two and walks through every decision a full-stack developer makes: API design, authentication across origins, data fetching, forms, payments, testing and deployment.</p>
<p>The project is a <strong>course marketplace</strong>, with a catalogue, cart, Stripe checkout, a lesson player with progress tracking and a student dashboard, built to the standards you would expect at a good product company.</p>
<h3>Prerequisites</h3>
<ul>
<li>Comfortable building a Django app with models and views.</li>
<li>Comfortable with modern JavaScript; some React experience helps.</li>
</ul>
`,
    whatYouWillLearn: [
      'Design an API that a React client is pleasant to consume',
      'Implement JWT authentication with rotating refresh tokens',
      'Fetch and cache server data with TanStack Query',
      'Build accessible forms with react-hook-form and zod',
      'Take payments end to end with Stripe and webhooks',
      'Test at every level: components, API and end to end with Playwright',
      'Deploy with Docker Compose and GitHub Actions',
    ],
    targetAudience: [
      'Django developers who want to build modern front ends',
      'React developers who want a robust Python backend',
      'Developers preparing for full-stack roles',
      'Freelancers building complete products for clients',
    ],
    enrolledBaseline: 3560,
    previewCount: 2,
    videoPool: webVideos,
    prices: {
      US: { amount: 6999, regularAmount: 11999 },
      IN: { amount: 449900, regularAmount: 799900 },
      GB: { amount: 5499, regularAmount: 9499 },
      EU: { amount: 6299, regularAmount: 10999 },
    },
    sections: [
      {
        title: 'Architecture',
        lessons: [
          ['What we are building: a course marketplace', '7:55'],
          ['Project layout: a Django API and a React client', '10:30'],
          ['Setting up the development environment', '12:10'],
          { title: 'Choosing authentication for a single-page app', time: '6:00', article: spaAuthArticle },
        ],
      },
      {
        title: 'The Django API',
        lessons: [
          ['Models for courses, lessons and enrolments', '15:40'],
          ['DRF serializers and viewsets', '16:25'],
          ['JWT authentication with refresh tokens', '18:10'],
          ['CORS and CSRF for a separate front end', '11:55'],
        ],
      },
      {
        title: 'React Foundations',
        lessons: [
          ['Components, props and state', '14:05'],
          ['Vite, React Router and layouts', '13:30'],
          ['Data fetching with TanStack Query', '16:45'],
          ['Forms with react-hook-form and zod', '15:20'],
          { title: 'Mirroring server validation on the client', time: '6:00', article: mirrorValidationArticle },
        ],
      },
      {
        title: 'Core Features',
        lessons: [
          ['Course catalogue with filters', '18:35'],
          ['Course detail and curriculum accordion', '16:50'],
          ['Cart and checkout flow', '20:15'],
          ['Stripe payments end to end', '22:40'],
          ['Lesson player with progress tracking', '21:05'],
        ],
      },
      {
        title: 'Quality',
        lessons: [
          ['Testing React components', '14:55'],
          ['API integration tests with pytest', '13:40'],
          ['End-to-end tests with Playwright', '17:15'],
          ['An accessibility audit with axe', '10:15'],
          { title: 'A performance budget for the front end', time: '5:00', article: perfBudgetArticle },
        ],
      },
      {
        title: 'Deployment',
        lessons: [
          ['Building and serving the React app', '11:20'],
          ['Docker Compose for development and production', '16:35'],
          ['Continuous integration with GitHub Actions', '13:50'],
          ['Launch, monitoring and next steps', '8:25'],
        ],
      },
    ],
  },
];
