import { resources } from './resources.js';
import type { CourseSpec, QuizSpec } from './types.js';
import { djangoVideos, youtube } from './videos.js';

const settingsArticle = `
<p><code>settings.py</code> is the first file that intimidates new Django developers: a hundred lines of constants, most of them uppercase. Only a handful matter on day one, and understanding them removes most of the mystery.</p>
<ul>
<li><strong>SECRET_KEY</strong> signs sessions and password-reset links. Keep it out of version control and never reuse it between projects.</li>
<li><strong>DEBUG</strong> shows detailed error pages. Essential while developing, dangerous in production.</li>
<li><strong>ALLOWED_HOSTS</strong> lists the domain names your site answers to. It must be set when DEBUG is off.</li>
<li><strong>INSTALLED_APPS</strong> tells Django which apps to load models, templates and admin pages from. Forgetting to add your app here is the most common beginner bug.</li>
<li><strong>DATABASES</strong> says where data lives. SQLite for learning, PostgreSQL for production.</li>
</ul>
<pre><code>import os
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-only-not-secret")
DEBUG = os.environ.get("DJANGO_DEBUG", "1") == "1"
ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1").split(",")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "blog",
]</code></pre>
<p>Reading these values from environment variables now saves a painful refactor at deployment time. The downloadable checklist attached to this lesson lists every setting we change before going live.</p>
`;

const templatesArticle = `
<p>When a view calls <code>render(request, "blog/post_list.html", context)</code>, Django searches for that path in a fixed order. Knowing the order explains nearly every <em>TemplateDoesNotExist</em> error.</p>
<ul>
<li>First, every folder listed in <code>TEMPLATES[0]["DIRS"]</code>, in order.</li>
<li>Then, if <code>APP_DIRS</code> is true, the <code>templates/</code> folder inside each app in <code>INSTALLED_APPS</code>, in the order the apps are listed.</li>
</ul>
<p>That is why templates live in <code>blog/templates/blog/</code>, with the app name repeated. Without the extra folder, two apps that both ship <code>index.html</code> would shadow each other, and the first app listed would silently win.</p>
<pre><code>blog/
    templates/
        blog/
            base.html
            post_list.html
            post_detail.html
    views.py</code></pre>
<p>When a template will not load, the error page in DEBUG mode has a <strong>Template-loader postmortem</strong> section listing every path Django tried. Read it before changing anything: the fix is nearly always a missing app in <code>INSTALLED_APPS</code> or a missing folder level.</p>
`;

const deployChecklistArticle = `
<p>A blog that works on your laptop is not yet a blog that works on the internet. Run Django's own checker first; it knows most of the settings that should change.</p>
<pre><code>python manage.py check --deploy</code></pre>
<h3>Settings</h3>
<ul>
<li><code>DEBUG = False</code>, and <code>ALLOWED_HOSTS</code> set to your real domain.</li>
<li>A long random <code>SECRET_KEY</code> read from the environment.</li>
<li><code>SECURE_SSL_REDIRECT</code>, <code>SESSION_COOKIE_SECURE</code> and <code>CSRF_COOKIE_SECURE</code> enabled once HTTPS works.</li>
</ul>
<h3>Static files and data</h3>
<ul>
<li><code>python manage.py collectstatic</code> runs as part of every deploy.</li>
<li>Uploaded media is stored outside the code folder, and backed up.</li>
<li>The database has automatic backups, and you have restored one at least once.</li>
</ul>
<p>Finally, create the admin account with <code>createsuperuser</code> on the server itself, with a password you have never used elsewhere.</p>
`;

const resourceUrlsArticle = `
<p>Good API URLs name <strong>things</strong>, not actions. The HTTP method already says what you are doing, so the path only has to say what you are doing it to.</p>
<pre><code>GET    /api/projects/              list projects
POST   /api/projects/              create a project
GET    /api/projects/12/           one project
PATCH  /api/projects/12/           change some fields
DELETE /api/projects/12/           delete it
GET    /api/projects/12/tasks/     tasks that belong to project 12</code></pre>
<p>A few conventions keep an API predictable:</p>
<ul>
<li>Plural nouns for collections, and the same noun for every item in them.</li>
<li>Nest only one level deep. <code>/projects/12/tasks/</code> is clear; <code>/orgs/3/projects/12/tasks/40/comments/</code> is not. Link to <code>/tasks/40/comments/</code> instead.</li>
<li>Filters and sorting belong in the query string: <code>/tasks/?status=open&amp;ordering=-due_date</code>.</li>
<li>When an action truly is not a resource, such as archiving, use a clearly named sub-path: <code>POST /projects/12/archive/</code>.</li>
</ul>
<p>The requirements file attached to this lesson pins the exact package versions used for the course project, so your results match the videos.</p>
`;

const nPlusOneArticle = `
<p>Nested serializers are convenient and quietly expensive. Serialising 50 tasks that each show their project and their assignee can cost <strong>101 queries</strong>: one for the tasks, then one per task for each relation. This is the N+1 problem.</p>
<pre><code>class TaskViewSet(viewsets.ModelViewSet):
    serializer_class = TaskSerializer

    def get_queryset(self):
        return (
            Task.objects
            .select_related("project", "assignee")      # foreign keys: one JOIN
            .prefetch_related("tags")                   # many-to-many: one extra query
            .order_by("-created_at")
        )</code></pre>
<p><code>select_related</code> follows foreign keys and one-to-one relations with a SQL join. <code>prefetch_related</code> handles reverse and many-to-many relations with one extra query per relation and joins the results in Python.</p>
<p>Do not guess: install <em>django-debug-toolbar</em> or write a test with <code>assertNumQueries</code> so the query count of each endpoint is pinned and cannot creep back up unnoticed.</p>
<pre><code>def test_task_list_query_count(self):
    with self.assertNumQueries(3):
        self.client.get("/api/tasks/")</code></pre>
`;

const tokenStorageArticle = `
<p>Once your API issues JWTs, the browser has to keep them somewhere. Each choice trades convenience against exposure.</p>
<ul>
<li><strong>localStorage</strong> is simple and survives reloads, but any script running on the page, including one injected through an XSS bug, can read it.</li>
<li><strong>Memory only</strong> (a JavaScript variable) disappears on reload but cannot be read by a script that runs later.</li>
<li><strong>An HttpOnly cookie</strong> cannot be read by JavaScript at all; it then needs CSRF protection because the browser sends it automatically.</li>
</ul>
<p>A solid pattern for single-page apps: keep the short-lived <em>access</em> token in memory, and the long-lived <em>refresh</em> token in an HttpOnly, Secure, SameSite cookie scoped to the refresh endpoint. Rotate the refresh token on every use and revoke the whole family if an old one is replayed.</p>
<pre><code>SIMPLE_JWT = {
    "ACCESS_TOKEN_LIFETIME": timedelta(minutes=10),
    "REFRESH_TOKEN_LIFETIME": timedelta(days=14),
    "ROTATE_REFRESH_TOKENS": True,
    "BLACKLIST_AFTER_ROTATION": True,
}</code></pre>
<p>Whatever you choose, keep access tokens short-lived. A stolen token that expires in ten minutes is an incident; one that lasts a month is a breach.</p>
`;

const dataModelArticle = `
<p>Before writing a view, sketch the data. An online store needs surprisingly few tables when each has one clear job.</p>
<ul>
<li><strong>Category</strong> and <strong>Product</strong>: what is for sale. Prices are stored as integers in the smallest currency unit.</li>
<li><strong>ProductVariant</strong>: size and colour combinations, each with its own stock count.</li>
<li><strong>Order</strong>: who bought, the shipping address and the status (pending, paid, shipped, refunded).</li>
<li><strong>OrderItem</strong>: one line per variant, with the <em>price at the time of purchase</em> copied in.</li>
<li><strong>Payment</strong>: the provider's reference and result, one row per attempt.</li>
</ul>
<pre><code>class OrderItem(models.Model):
    order = models.ForeignKey(Order, related_name="items", on_delete=models.CASCADE)
    variant = models.ForeignKey(ProductVariant, on_delete=models.PROTECT)
    unit_price = models.PositiveIntegerField()  # minor units, copied from the product
    quantity = models.PositiveSmallIntegerField(default=1)</code></pre>
<p>Copying the price into the order line is deliberate. Products change price; an order from last year must still show what the customer actually paid.</p>
`;

const serverPricesArticle = `
<p>A shopping cart form usually contains prices, which makes it tempting to read the total from the submitted form. Never do that. Anything the browser sends can be edited, and a customer with developer tools can check out a laptop for one rupee.</p>
<p>The rule is simple: the browser sends <strong>what</strong> to buy; the server decides <strong>how much</strong>.</p>
<pre><code>def cart_total(cart):
    variant_ids = [line["variant_id"] for line in cart.lines]
    variants = ProductVariant.objects.in_bulk(variant_ids)
    total = 0
    for line in cart.lines:
        variant = variants[line["variant_id"]]
        total += variant.product.price * line["quantity"]
    return total</code></pre>
<p>The same applies to discounts: the coupon code comes from the browser, but its validity, expiry and percentage are looked up on the server. If the page showed a total, compare it with the one you computed and ask the customer to review their cart when they differ. Do not silently trust either side.</p>
`;

const idempotencyArticle = `
<p>Payment providers deliver webhooks <em>at least once</em>. The customer may also return to your success page at the same moment the webhook arrives. If your code enrols or ships on every notification, some customers will receive two of everything.</p>
<p>Make fulfilment <strong>idempotent</strong>: running it twice has the same effect as running it once.</p>
<pre><code>from django.db import transaction

def fulfil_order(order_id, payment_reference):
    with transaction.atomic():
        order = Order.objects.select_for_update().get(pk=order_id)
        if order.status == Order.Status.PAID:
            return order  # already done: nothing to do
        order.status = Order.Status.PAID
        order.payment_reference = payment_reference
        order.save(update_fields=["status", "payment_reference"])
        reserve_stock(order)
    send_receipt.delay(order.pk)
    return order</code></pre>
<p>Three things make this safe: the row lock serialises concurrent calls, the status check turns repeats into no-ops, and a unique constraint on the provider's payment reference stops two orders from claiming the same payment. Add a test that calls <code>fulfil_order</code> twice and asserts one receipt.</p>
`;

const projectLayoutArticle = `
<p>The default <code>startapp</code> layout serves small projects well. Past a dozen models, a few conventions keep the code navigable.</p>
<pre><code>config/
    settings/
        base.py
        development.py
        production.py
    urls.py
apps/
    accounts/
    billing/
        models.py
        services.py      # business rules, called by views and tasks
        selectors.py     # read-only queries
        api/
            serializers.py
            views.py
        tests/
    courses/</code></pre>
<ul>
<li><strong>Settings per environment</strong>, all importing from <code>base.py</code>, selected with <code>DJANGO_SETTINGS_MODULE</code>.</li>
<li><strong>Services</strong> hold the business rules so views, management commands and Celery tasks share them.</li>
<li><strong>Selectors</strong> hold read queries, which makes query-count tests easy to write.</li>
<li><strong>Tests inside each app</strong>, split by layer once a single file passes a few hundred lines.</li>
</ul>
<p>The goal is not a perfect architecture. It is that a new team member can guess where code lives before searching for it.</p>
`;

const taskDesignArticle = `
<p>A Celery task can run twice, run late, or run after the data it was queued for has changed. Tasks that assume otherwise cause the most confusing bugs in a Django project.</p>
<ul>
<li><strong>Pass ids, not objects.</strong> Load fresh data inside the task; a pickled model is a stale snapshot.</li>
<li><strong>Queue after commit.</strong> Use <code>transaction.on_commit</code>, or the task may run before the row it needs exists.</li>
<li><strong>Make tasks idempotent.</strong> Record that the work was done and check before doing it again.</li>
<li><strong>Retry only what can succeed later.</strong> A timeout deserves a retry; a validation error does not.</li>
</ul>
<pre><code>@shared_task(bind=True, autoretry_for=(requests.Timeout,), retry_backoff=True, max_retries=5)
def send_invoice(self, invoice_id):
    invoice = Invoice.objects.get(pk=invoice_id)
    if invoice.sent_at:
        return
    mailer.send(invoice.to_email, render_invoice(invoice))
    Invoice.objects.filter(pk=invoice_id, sent_at__isnull=True).update(sent_at=timezone.now())

# in the view
transaction.on_commit(lambda: send_invoice.delay(invoice.pk))</code></pre>
`;

const apiFoundationsQuiz: QuizSpec = {
  title: 'Quiz: API foundations',
  time: '5:00',
  quiz: {
    passPercent: 70,
    maxAttempts: 3,
    questions: [
      {
        prompt: 'Which status code answers a successful POST that created a resource?',
        kind: 'single',
        options: [{ text: '201 Created', correct: true }, { text: '200 OK' }, { text: '204 No Content' }],
        explanation: '201 says a new resource exists, usually with its address in the Location header.',
      },
      {
        prompt: 'Which HTTP methods are idempotent?',
        kind: 'multiple',
        options: [{ text: 'PUT', correct: true }, { text: 'DELETE', correct: true }, { text: 'GET', correct: true }, { text: 'POST' }],
        explanation: 'Repeating a PUT, DELETE or GET leaves the server as one call would; two POSTs may create two resources.',
      },
      {
        prompt: 'A resource URL should name a thing (/orders/42/), not an action (/getOrder?id=42).',
        kind: 'true_false',
        options: [{ text: 'True', correct: true }, { text: 'False' }],
        explanation: 'The HTTP method is the verb; the URL names the resource.',
      },
    ],
  },
};

export const djangoCourses: CourseSpec[] = [
  {
    slug: 'django-for-beginners',
    title: 'Django for Beginners: Build and Deploy a Blog',
    subtitle: 'Learn the Django web framework step by step by building a multi-user blog and putting it online.',
    category: 'python-django',
    complexity: 'Beginner',
    courseType: 'free',
    promoVideo: youtube('rHux0gMZ3Eg'),
    description: `
<p>Django powers Instagram, Mozilla and thousands of businesses because it gives you the boring parts of a web application for free: an ORM, an admin site, authentication, forms and security defaults. This course shows you how those parts fit together.</p>
<p>You will build a real blog with posts, categories, comments and user accounts, starting from an empty folder and ending with the site <strong>deployed on the internet</strong> with PostgreSQL.</p>
<h3>Who this is for</h3>
<p>You should be comfortable with basic Python: variables, functions, lists and dictionaries. No previous web development experience is needed; we explain HTTP, HTML templates and databases as we go.</p>
`,
    whatYouWillLearn: [
      'Understand how a request travels through URLs, views and templates',
      'Model data with the Django ORM and manage it with migrations',
      'Customise the Django admin for non-technical editors',
      'Build forms with validation and helpful error messages',
      'Add sign-up, login and per-user permissions',
      'Deploy a Django site with PostgreSQL and Gunicorn',
    ],
    targetAudience: [
      'Python beginners ready for their first web project',
      'Front-end developers who want to learn a backend framework',
      'Students who need a portfolio project that is live on the web',
    ],
    enrolledBaseline: 12870,
    previewCount: 3,
    videoPool: djangoVideos,
    sections: [
      {
        title: 'Welcome to Django',
        lessons: [
          ['What Django is and how a request flows', '7:25'],
          ['Installing Django in a virtual environment', '8:40'],
          ['startproject, startapp and the project layout', '10:15'],
          { title: 'settings.py explained', time: '7:00', article: settingsArticle, resource: resources.djangoSettingsChecklist },
        ],
      },
      {
        title: 'URLs, Views and Templates',
        lessons: [
          ['Your first view and URL pattern', '9:30'],
          ['The template language: variables, tags and filters', '13:45'],
          ['Template inheritance with base.html', '11:20'],
          ['Serving static files: CSS and images', '9:05'],
          { title: 'How Django finds templates', time: '5:00', article: templatesArticle },
        ],
      },
      {
        title: 'Models and the Admin',
        lessons: [
          ['Designing the Post model', '12:50'],
          ['Migrations: makemigrations and migrate', '10:05'],
          ['The Django shell and the ORM', '15:30'],
          ['Customising the admin for editors', '13:12'],
          ['Slugs, ordering and publish dates', '9:48'],
        ],
      },
      {
        title: 'Forms and Users',
        lessons: [
          ['ModelForms for creating posts', '14:25'],
          ['Validation and error messages', '11:40'],
          ['Sign-up, login and logout', '16:10'],
          ['Restricting views with login_required', '8:22'],
          ['Comments with a ForeignKey', '15:55'],
        ],
      },
      {
        title: 'Polishing the Blog',
        lessons: [
          ['Pagination', '8:15'],
          ['Search with Q objects', '10:30'],
          ['Category pages and related posts', '12:05'],
          { title: 'A pre-deployment checklist', time: '6:00', article: deployChecklistArticle },
        ],
      },
      {
        title: 'Deploying Your Blog',
        lessons: [
          ['Environment variables and secrets', '9:20'],
          ['Switching from SQLite to PostgreSQL', '11:35'],
          ['Deploying with Gunicorn on a managed host', '18:45'],
          ['What to learn after this course', '5:10'],
        ],
      },
    ],
  },
  {
    slug: 'django-rest-framework',
    title: 'REST APIs with Django REST Framework',
    subtitle: 'Design, build, secure and document production-ready APIs with Django REST Framework and JWT authentication.',
    category: 'python-django',
    complexity: 'Intermediate',
    courseType: 'paid',
    promoVideo: youtube('0sOvCWFmrtA'),
    description: `
<p>Almost every modern product is a front end talking to an API. Django REST Framework (DRF) is the most popular way to build that API in Python, and this course teaches it the way teams use it in production.</p>
<p>We start with the principles of REST and HTTP, then work through serializers, generic views, viewsets and routers. From there we add the parts tutorials usually skip: <strong>JWT authentication, permissions, throttling, query optimisation, automated tests and OpenAPI documentation</strong>.</p>
<h3>Course project</h3>
<p>You will build a task-manager API with projects, tasks, comments and file attachments, secure it per user and deploy it, ready for a React or mobile client.</p>
`,
    whatYouWillLearn: [
      'Design clean, predictable REST endpoints',
      'Validate input with serializers, including nested data',
      'Choose between APIView, generic views and viewsets',
      'Secure endpoints with JWT authentication and custom permissions',
      'Filter, search, order and paginate large collections',
      'Eliminate N+1 queries and pin query counts in tests',
      'Generate OpenAPI docs and a Swagger UI automatically',
    ],
    targetAudience: [
      'Django developers who want to build APIs for web and mobile apps',
      'Backend developers moving to Python from another stack',
      'Front-end developers who want to build their own backends',
    ],
    enrolledBaseline: 5980,
    previewCount: 2,
    videoPool: djangoVideos,
    prices: {
      US: { amount: 4999, regularAmount: 8999 },
      IN: { amount: 349900, regularAmount: 599900 },
      GB: { amount: 3999, regularAmount: 6999 },
      EU: { amount: 4499, regularAmount: 7999 },
    },
    sections: [
      {
        title: 'API Foundations',
        lessons: [
          ['What makes an API RESTful', '9:05'],
          ['HTTP methods, status codes and JSON', '11:30'],
          ['Setting up Django REST Framework', '8:15'],
          { title: 'Designing resource URLs', time: '6:00', article: resourceUrlsArticle, resource: resources.drfRequirements },
          apiFoundationsQuiz,
        ],
      },
      {
        title: 'Serializers',
        lessons: [
          ['Your first serializer', '12:40'],
          ['ModelSerializer and field options', '13:55'],
          ['Validation: field, object and unique together', '14:20'],
          ['Nested and related serializers', '16:35'],
          { title: 'Avoiding N+1 queries', time: '7:00', article: nPlusOneArticle },
        ],
      },
      {
        title: 'Views, ViewSets and Routers',
        lessons: [
          ['Function-based API views', '10:10'],
          ['Class-based APIView', '11:45'],
          ['Generic views and mixins', '13:20'],
          ['ViewSets and routers', '12:55'],
          ['Filtering, searching and ordering', '14:40'],
          ['Pagination strategies', '9:50'],
        ],
      },
      {
        title: 'Authentication and Permissions',
        lessons: [
          ['Session versus token authentication', '10:25'],
          ['JWT with SimpleJWT', '17:05'],
          ['Custom permission classes', '12:15'],
          ['Throttling and rate limits', '8:40'],
          { title: 'Storing tokens safely on the client', time: '6:00', article: tokenStorageArticle },
        ],
      },
      {
        title: 'Testing and Documentation',
        lessons: [
          ['APITestCase and APIClient', '14:30'],
          ['Factories and fixtures for API tests', '12:20'],
          ['OpenAPI and Swagger UI with drf-spectacular', '11:05'],
          ['Versioning an API without breaking clients', '9:35'],
        ],
      },
      {
        title: 'Project: Task Manager API',
        lessons: [
          ['Requirements and data model', '8:50'],
          ['Building the endpoints', '22:15'],
          ['File uploads and validation', '15:40'],
          ['Deploying the API', '18:25'],
        ],
      },
    ],
  },
  {
    slug: 'django-ecommerce',
    title: 'Build an E-commerce Store with Django',
    subtitle: 'Products, cart, coupons, Stripe and Razorpay payments: build and launch a complete online shop with Django.',
    category: 'python-django',
    complexity: 'Intermediate',
    courseType: 'paid',
    promoVideo: youtube('F5mRW0jo-U4'),
    description: `
<p>An online store touches every part of web development: a catalogue, sessions, forms, transactions, payments, emails and deployment. That makes it the best project for turning Django knowledge into professional skill.</p>
<p>Over six sections you will build a complete shop with product variants, a session cart that survives login, coupon codes, <strong>Stripe and Razorpay checkout</strong>, order emails and an admin dashboard, then deploy it with Docker and Nginx.</p>
<h3>Built the way real shops are built</h3>
<ul>
<li>Prices are computed on the server, never trusted from the browser.</li>
<li>Payments are confirmed by signed webhooks, and fulfilment is idempotent.</li>
<li>Every step is covered by tests, so you can change the shop without fear.</li>
</ul>
`,
    whatYouWillLearn: [
      'Model products, variants, stock and orders correctly',
      'Build a session-based cart that merges into the user cart at login',
      'Apply coupon codes with expiry and usage limits',
      'Accept payments with Stripe Checkout and Razorpay',
      'Verify webhooks and fulfil orders exactly once',
      'Send transactional emails for orders',
      'Deploy with Docker, Nginx and PostgreSQL',
    ],
    targetAudience: [
      'Developers who have built a basic Django site and want a bigger project',
      'Freelancers who build online shops for clients',
      'Founders who want to understand how their store works under the hood',
    ],
    enrolledBaseline: 7410,
    previewCount: 2,
    videoPool: djangoVideos,
    prices: {
      US: { amount: 5999, regularAmount: 9999 },
      IN: { amount: 399900, regularAmount: 699900 },
      GB: { amount: 4799, regularAmount: 7999 },
      EU: { amount: 5499, regularAmount: 8999 },
    },
    sections: [
      {
        title: 'Project Setup',
        lessons: [
          ['A tour of the finished store', '6:40'],
          ['Project structure and production-ready settings', '12:25'],
          { title: 'The data model on one page', time: '6:00', article: dataModelArticle },
          ['A Bootstrap 5 base template', '14:10'],
        ],
      },
      {
        title: 'Product Catalogue',
        lessons: [
          ['Category and Product models', '13:35'],
          ['Product images with Pillow', '11:50'],
          ['Catalogue pages and product detail', '15:20'],
          ['Search and filters', '14:05'],
          ['Variants: size and colour', '16:45'],
        ],
      },
      {
        title: 'Shopping Cart',
        lessons: [
          ['A session-based cart class', '17:30'],
          ['Adding, updating and removing items', '14:55'],
          ['A context processor for the cart badge', '7:40'],
          { title: 'Why prices are always computed on the server', time: '5:00', article: serverPricesArticle },
          ['Merging a guest cart at login', '12:10'],
        ],
      },
      {
        title: 'Checkout and Orders',
        lessons: [
          ['Order and OrderItem models', '13:15'],
          ['Checkout form and address validation', '15:35'],
          ['Coupons and discounts', '16:20'],
          ['Order confirmation emails', '11:25'],
        ],
      },
      {
        title: 'Payments',
        lessons: [
          ['Stripe Checkout sessions', '19:40'],
          ['Verifying Stripe webhooks', '17:55'],
          ['Razorpay for Indian customers', '18:30'],
          { title: 'Idempotent order fulfilment', time: '7:00', article: idempotencyArticle },
          ['Refunds and failed payments', '12:45'],
        ],
      },
      {
        title: 'Launch',
        lessons: [
          ['Admin dashboards for orders', '13:05'],
          ['Performance: caching and query tuning', '15:15'],
          ['Deploying with Docker and Nginx', '21:30'],
          ['Launch checklist and next steps', '6:20'],
        ],
      },
    ],
  },
  {
    slug: 'advanced-django',
    title: 'Advanced Django: Celery, Caching, Channels and Deployment',
    subtitle: 'Take a Django project from working to scalable: query tuning, background jobs, caching, real-time features and zero-downtime deploys.',
    category: 'python-django',
    complexity: 'Advanced',
    courseType: 'paid',
    promoVideo: null,
    description: `
<p>Most Django projects do not fail because of the framework. They slow down because of unindexed queries, block on slow emails, and break during deploys. This course is about the techniques senior Django developers use to keep large projects <strong>fast, reliable and pleasant to work on</strong>.</p>
<p>We work on an existing, realistically messy codebase and improve it step by step: reorganising settings, reading query plans, moving work to Celery, adding caching with proper invalidation, building a live notifications feed with Channels and shipping it all with zero-downtime deployments.</p>
<p><em>You should already be comfortable building Django apps with models, views and forms.</em></p>
`,
    whatYouWillLearn: [
      'Structure settings and apps for a growing team',
      'Read EXPLAIN output and add the right indexes',
      'Write reliable, idempotent Celery tasks with retries',
      'Cache views and data without serving stale content',
      'Build real-time features with Django Channels',
      'Deploy with Docker and zero downtime',
      'Monitor errors and performance in production',
    ],
    targetAudience: [
      'Django developers with at least one project in production',
      'Backend engineers responsible for a growing Django codebase',
      'Technical leads planning how to scale a Django product',
    ],
    enrolledBaseline: 2140,
    previewCount: 1,
    videoPool: djangoVideos,
    prices: {
      US: { amount: 6999, regularAmount: 6999 },
      IN: { amount: 499900, regularAmount: 499900 },
      GB: { amount: 5499, regularAmount: 5499 },
      EU: { amount: 6299, regularAmount: 6299 },
    },
    sections: [
      {
        title: 'Architecture for Growing Projects',
        lessons: [
          ['When a Django project starts to hurt', '8:20'],
          ['Settings per environment with django-environ', '10:45'],
          ['Service layers and fat models, fairly compared', '13:30'],
          { title: 'A project layout that scales', time: '6:00', article: projectLayoutArticle },
        ],
      },
      {
        title: 'The ORM at Scale',
        lessons: [
          ['Reading query plans with EXPLAIN', '14:55'],
          ['annotate, aggregate and subqueries', '16:10'],
          ['Database indexes and constraints', '12:40'],
          ['Transactions and select_for_update', '13:25'],
          ['Bulk operations and large data migrations', '15:50'],
        ],
      },
      {
        title: 'Background Work with Celery',
        lessons: [
          ['Setting up Celery with Redis', '12:05'],
          ['Reliable tasks: retries and idempotency', '16:30'],
          ['Periodic tasks with Celery Beat', '9:45'],
          ['Monitoring workers with Flower', '7:55'],
          { title: 'Rules for designing Celery tasks', time: '6:00', article: taskDesignArticle },
        ],
      },
      {
        title: 'Caching and Performance',
        lessons: [
          ['Per-view and template fragment caching', '11:20'],
          ['The low-level cache API and invalidation', '13:40'],
          ['Profiling requests with django-silk', '10:50'],
          ['Static and media files on object storage', '12:15'],
        ],
      },
      {
        title: 'Real-Time Features with Channels',
        lessons: [
          ['ASGI and Django Channels', '11:35'],
          ['Building a live notifications feed', '19:20'],
          ['Testing consumers', '9:40'],
          ['Scaling Channels with Redis', '10:05'],
        ],
      },
      {
        title: 'Production',
        lessons: [
          ['Docker images for Django', '16:25'],
          ['Zero-downtime deployments', '14:10'],
          ['Logging, metrics and error tracking with Sentry', '12:50'],
          ['A security hardening checklist', '13:35'],
        ],
      },
    ],
  },
];
