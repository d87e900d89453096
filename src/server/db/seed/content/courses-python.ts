import { resources } from './resources.js';
import type { CourseSpec, QuizSpec } from './types.js';
import { pythonVideos, youtube } from './videos.js';

const virtualEnvArticle = `
<p>Before writing real programs, give every project its own folder and its own <strong>virtual environment</strong>. A virtual environment is a private copy of Python's package directory: packages you install for one project cannot break another one.</p>
<p>Create the folder, create the environment inside it, and activate it. The prompt changes to show the environment's name, which is how you know <code>pip</code> will install into the right place.</p>
<pre><code>mkdir budget-tracker
cd budget-tracker
python -m venv .venv

# macOS and Linux
source .venv/bin/activate
# Windows (PowerShell)
.venv\\Scripts\\Activate.ps1

python -m pip install --upgrade pip</code></pre>
<p>Add <code>.venv/</code> to your <code>.gitignore</code>: the environment is rebuilt from a requirements file, never committed. When you come back to the project tomorrow, open a terminal in the folder and activate it again before running anything.</p>
<p>Finally, tell VS Code which interpreter to use: open the command palette, choose <em>Python: Select Interpreter</em> and pick the one inside <code>.venv</code>. From now on the editor's Run button and the terminal agree about which Python they use.</p>
`;

const pep8Article = `
<p>Python code is read far more often than it is written, so the community agreed on one style guide: <strong>PEP 8</strong>. You do not need to memorise it. These five rules cover almost everything a beginner writes.</p>
<ul>
<li><strong>Names</strong>: variables and functions in <code>snake_case</code>, classes in <code>PascalCase</code>, constants in <code>UPPER_CASE</code>.</li>
<li><strong>Indentation</strong>: four spaces per level, never tabs.</li>
<li><strong>Spaces</strong>: one space around <code>=</code> and operators, none just inside brackets.</li>
<li><strong>Line length</strong>: keep lines short enough to read without scrolling sideways.</li>
<li><strong>Descriptive names</strong>: <code>monthly_total</code> beats <code>mt</code> every time.</li>
</ul>
<pre><code># Hard to read
def CalcTotal( l ):
  t=0
  for x in l: t+=x
  return t

# PEP 8
def calculate_total(amounts):
    total = 0
    for amount in amounts:
        total += amount
    return total</code></pre>
<p>Install the <em>Ruff</em> extension in VS Code and let it format your files on save. A formatter settles style arguments so you can spend your attention on the logic.</p>
`;

const collectionsArticle = `
<p>Python gives you four built-in collections, and picking the right one makes code shorter and faster. Ask two questions: <em>does order matter?</em> and <em>how will I look things up?</em></p>
<ul>
<li><strong>list</strong>: an ordered sequence you will add to, sort or loop over. A shopping list, the lines of a file.</li>
<li><strong>tuple</strong>: a fixed group of values that belong together, such as a coordinate or a row from a database.</li>
<li><strong>dict</strong>: values found by a key. Prices by product name, totals by month.</li>
<li><strong>set</strong>: unique values and fast membership tests. Which usernames are already taken?</li>
</ul>
<pre><code>expenses = [("rent", 950), ("food", 310), ("food", 84)]

totals = {}
for category, amount in expenses:
    totals[category] = totals.get(category, 0) + amount

seen_categories = set(totals)
print(totals)                    # {'rent': 950, 'food': 394}
print("travel" in seen_categories)  # False</code></pre>
<p>A useful rule of thumb: if you find yourself looping over a list to find one item, you probably wanted a dictionary.</p>
`;

const dataclassArticle = `
<p>Many classes exist only to hold data: a book, an invoice line, a coordinate. Writing <code>__init__</code>, <code>__repr__</code> and <code>__eq__</code> by hand for each of them is repetitive and easy to get wrong. The <code>dataclasses</code> module writes them for you.</p>
<pre><code>from dataclasses import dataclass, field
from datetime import date

@dataclass(frozen=True)
class Loan:
    book_id: int
    member_id: int
    due: date
    renewals: int = 0
    notes: list[str] = field(default_factory=list)

loan = Loan(book_id=42, member_id=7, due=date(2025, 3, 1))
print(loan)  # Loan(book_id=42, member_id=7, due=datetime.date(2025, 3, 1), renewals=0, notes=[])</code></pre>
<p><code>frozen=True</code> makes instances immutable, which makes them safe to use as dictionary keys and impossible to change by accident. Note <code>default_factory</code>: a mutable default such as a list must be created per instance, never shared.</p>
<p>Reach for a plain class instead when the object has real behaviour and invariants to protect, for example a bank account whose balance may only change through <code>deposit()</code> and <code>withdraw()</code>. Data in, data out: dataclass. Rules and state changes: a class with methods.</p>
`;

const contextManagerArticle = `
<p>Any resource that must be released, such as a file, a lock or a database transaction, belongs in a <code>with</code> block. The block guarantees the clean-up code runs even when an exception is raised halfway through.</p>
<p>You can write your own context manager with a generator and <code>contextlib.contextmanager</code>. Everything before <code>yield</code> is the set-up, everything after it is the tear-down.</p>
<pre><code>import time
from contextlib import contextmanager

@contextmanager
def timed(label):
    start = time.perf_counter()
    try:
        yield
    finally:
        elapsed = time.perf_counter() - start
        print(f"{label} took {elapsed:.3f}s")

with timed("loading transactions"):
    rows = load_transactions("2024.csv")</code></pre>
<p>The <code>try/finally</code> matters: without it, an exception inside the block would skip the timing output. The standard library already ships useful ones, such as <code>contextlib.suppress</code>, <code>tempfile.TemporaryDirectory</code> and <code>os.chdir</code> wrapped in <code>contextlib.chdir</code> on Python 3.11 and later.</p>
`;

const testChecklistArticle = `
<p>Tests are only useful if they fail when the code is wrong and pass when it is right. Before opening a pull request, run through this checklist.</p>
<h3>Before you push</h3>
<ul>
<li>Does every new function have at least one test for the normal case and one for an edge case (empty input, zero, a missing key)?</li>
<li>Did you watch each new test fail once? A test that has never failed may not be testing anything.</li>
<li>Are the tests independent? Run them in random order with <code>pytest -p randomly</code>.</li>
<li>Is there any sleeping, real network access or dependency on today's date? Replace it with a fixture.</li>
</ul>
<pre><code>import pytest
from splitter import split_evenly

@pytest.mark.parametrize("total, people, expected", [
    (100, 4, [25, 25, 25, 25]),
    (100, 3, [34, 33, 33]),   # the remainder goes to the first person
    (0, 2, [0, 0]),
])
def test_split_evenly(total, people, expected):
    assert split_evenly(total, people) == expected

def test_split_rejects_zero_people():
    with pytest.raises(ValueError):
        split_evenly(100, 0)</code></pre>
<p>Finally, read your test names out loud. <em>test_split_rejects_zero_people</em> tells a reviewer exactly which rule broke; <em>test_split_2</em> does not.</p>
`;

const objectsQuiz: QuizSpec = {
  title: 'Quiz: thinking in objects',
  time: '6:00',
  quiz: {
    passPercent: 60,
    maxAttempts: null,
    questions: [
      {
        prompt: 'Which method does Python call to show an object in the REPL?',
        kind: 'single',
        options: [{ text: '__repr__', correct: true }, { text: '__str__' }, { text: '__init__' }],
        explanation: 'The REPL shows repr(obj), which calls __repr__.',
      },
      {
        prompt: 'What does @dataclass write for you?',
        kind: 'multiple',
        options: [
          { text: '__init__', correct: true },
          { text: '__repr__', correct: true },
          { text: '__eq__', correct: true },
          { text: '__hash__ for mutable classes' },
        ],
        explanation: 'A dataclass gets __init__, __repr__ and __eq__; a mutable one is left unhashable.',
      },
      {
        prompt: 'A static method receives the instance as its first argument.',
        kind: 'true_false',
        options: [{ text: 'True' }, { text: 'False', correct: true }],
        explanation: 'A static method receives neither the instance nor the class.',
      },
    ],
  },
};

export const pythonCourses: CourseSpec[] = [
  {
    slug: 'python-foundations',
    title: 'Python Foundations: From Zero to Confident Coder',
    subtitle: 'Learn Python from scratch by writing real programs, ending with a personal budget tracker you will actually use.',
    category: 'python-django',
    complexity: 'Beginner',
    courseType: 'free',
    promoVideo: youtube('kqtD5dpn9C8'),
    description: `
<p>This course takes you from never having written a line of code to building complete, useful Python programs. Every concept is introduced with a small, concrete example and practised straight away in an exercise.</p>
<p>We do not stop at syntax. You will learn how to <strong>break a problem into steps</strong>, read error messages calmly and organise code into functions and modules, the habits that separate people who finish projects from people who copy snippets.</p>
<h3>The final project</h3>
<p>You finish by building a <em>personal budget tracker</em> that reads and writes CSV files, summarises spending by month and category, and survives bad input. A starter file is included so you can focus on the interesting parts.</p>
`,
    whatYouWillLearn: [
      'Install Python and set up a productive editor and virtual environment',
      'Work with numbers, strings, booleans and type conversions',
      'Control program flow with conditions and loops',
      'Choose between lists, tuples, dictionaries and sets',
      'Write reusable functions and organise code into modules',
      'Read and write files safely with pathlib and csv',
      'Handle errors gracefully with try and except',
      'Build and finish a complete command-line project',
    ],
    targetAudience: [
      'Complete beginners who have never programmed before',
      'Students preparing for a computer science course',
      'Professionals who want to automate everyday tasks',
      'Anyone planning to learn Django, data analysis or machine learning',
    ],
    enrolledBaseline: 18420,
    previewCount: 2,
    videoPool: pythonVideos,
    sections: [
      {
        title: 'Getting Started',
        lessons: [
          ['Welcome and how this course works', '4:12'],
          ['Installing Python and VS Code on Windows, macOS and Linux', '11:38'],
          ['Your first program: print, comments and running scripts', '8:05'],
          { title: 'Setting up a clean project folder and virtual environment', time: '6:00', article: virtualEnvArticle },
          ['Experimenting in the Python REPL', '6:47'],
        ],
      },
      {
        title: 'Values, Variables and Types',
        lessons: [
          ['Numbers, arithmetic and operator precedence', '12:20'],
          ['Strings: slicing, methods and f-strings', '14:45'],
          ['Booleans and comparison operators', '7:30'],
          ['Type conversion and reading user input', '9:52'],
          { title: 'Naming and style: PEP 8 in five minutes', time: '5:00', article: pep8Article },
          ['Exercise walkthrough: a tip calculator', '10:14'],
        ],
      },
      {
        title: 'Control Flow',
        lessons: [
          ['Making decisions with if, elif and else', '11:02'],
          ['While loops and when to use them', '9:48'],
          ['For loops and range()', '10:36'],
          ['break, continue and else on loops', '7:15'],
          ['Exercise walkthrough: a number guessing game', '15:40'],
        ],
      },
      {
        title: 'Working with Collections',
        lessons: [
          ['Lists: indexing, slicing and changing items', '13:25'],
          ['Tuples and unpacking', '8:10'],
          ['Dictionaries for lookups and counting', '14:02'],
          ['Sets and fast membership tests', '7:44'],
          ['List and dictionary comprehensions', '12:18'],
          { title: 'Choosing the right collection', time: '6:00', article: collectionsArticle },
        ],
      },
      {
        title: 'Functions and Modules',
        lessons: [
          ['Defining functions, parameters and return values', '13:50'],
          ['Default arguments, *args and **kwargs', '11:27'],
          ['Scope: local, global and why globals hurt', '8:33'],
          ['Importing modules: a tour of the standard library', '12:40'],
          ['Reading and writing files with pathlib', '13:05'],
        ],
      },
      {
        title: 'Final Project: Personal Budget Tracker',
        lessons: [
          { title: 'Project brief and planning the data model', time: '6:55', resource: resources.budgetTrackerStarter },
          ['Loading and saving transactions as CSV', '16:20'],
          ['Monthly summaries with dictionaries', '14:12'],
          ['Handling bad input with try and except', '10:48'],
          ['Wrap-up and where to go next', '4:30'],
        ],
      },
    ],
  },
  {
    slug: 'intermediate-python',
    title: 'Intermediate Python: OOP, Testing and Clean Code',
    subtitle: 'Write Python other developers enjoy reading: classes, generators, type hints and pytest, practised on three real projects.',
    category: 'python-django',
    complexity: 'Intermediate',
    courseType: 'paid',
    promoVideo: youtube('_uQrJ0TkZlc'),
    description: `
<p>You know the basics of Python and can make a script work. This course is about making it <strong>good</strong>: code that is easy to change, easy to test and easy for a colleague to understand six months from now.</p>
<p>We cover object-oriented design the way working developers use it, with composition before inheritance and dataclasses before boilerplate, then move on to generators, context managers, type hints and a thorough introduction to <em>pytest</em>.</p>
<h3>What you will build</h3>
<ul>
<li>A library lending system that models members, books and loans with classes.</li>
<li>A generator pipeline that processes a log file too large to fit in memory.</li>
<li>A packaged command-line expense splitter with SQLite storage and a full test suite.</li>
</ul>
`,
    whatYouWillLearn: [
      'Design classes with clear responsibilities and honest interfaces',
      'Use dataclasses, properties and dunder methods idiomatically',
      'Prefer composition over inheritance, and know when inheritance fits',
      'Process large data lazily with iterators and generators',
      'Add type hints and check them with mypy',
      'Write fast, focused tests with pytest fixtures and parametrisation',
      'Package and distribute a command-line tool with pyproject.toml',
    ],
    targetAudience: [
      'Beginners who have finished an introductory Python course',
      'Self-taught developers who want to write more professional code',
      'Data analysts whose notebooks have outgrown a single file',
      'Developers preparing for Django or backend roles',
    ],
    enrolledBaseline: 4630,
    previewCount: 2,
    videoPool: pythonVideos,
    prices: {
      US: { amount: 3499, regularAmount: 6999 },
      IN: { amount: 249900, regularAmount: 449900 },
      GB: { amount: 2999, regularAmount: 5499 },
      EU: { amount: 3299, regularAmount: 5999 },
    },
    sections: [
      {
        title: 'Thinking in Objects',
        lessons: [
          ['Why objects? From dictionaries to classes', '9:40'],
          ['Classes, instances and __init__', '12:15'],
          ['Instance, class and static methods', '11:08'],
          ['Properties and encapsulation', '9:55'],
          ['Dunder methods: __repr__, __eq__ and __lt__', '13:30'],
          { title: 'Dataclasses or plain classes?', time: '7:00', article: dataclassArticle },
          objectsQuiz,
        ],
      },
      {
        title: 'Inheritance and Composition',
        lessons: [
          ['Inheritance and super()', '12:44'],
          ['Abstract base classes and protocols', '14:20'],
          ['Composition over inheritance in practice', '10:35'],
          ['Mixins without the mess', '9:12'],
          ['Project: a library lending system', '21:40'],
        ],
      },
      {
        title: 'Pythonic Iteration',
        lessons: [
          ['Iterators and the iteration protocol', '10:50'],
          ['Generators and yield', '13:18'],
          ['Generator pipelines for large files', '15:06'],
          ['itertools and functools essentials', '12:27'],
          { title: 'Writing your own context managers', time: '6:00', article: contextManagerArticle },
        ],
      },
      {
        title: 'Type Hints and Error Handling',
        lessons: [
          ['Type hints that help instead of hinder', '11:45'],
          ['Running mypy on a real codebase', '9:30'],
          ['Designing custom exceptions', '8:48'],
          ['Logging instead of print', '10:22'],
        ],
      },
      {
        title: 'Testing with pytest',
        lessons: [
          ['Your first pytest test', '9:15'],
          ['Fixtures and parametrize', '14:40'],
          ['Mocking time, files and HTTP calls', '16:05'],
          ['Measuring coverage and what it does not tell you', '7:50'],
          { title: 'A test checklist for every pull request', time: '5:00', article: testChecklistArticle },
        ],
      },
      {
        title: 'Capstone: Command-Line Expense Splitter',
        lessons: [
          ['Designing the command line with argparse', '12:30'],
          ['A domain model with dataclasses', '15:45'],
          ['Persisting data to SQLite', '17:20'],
          ['Packaging with pyproject.toml', '11:10'],
          ['Final review and refactoring session', '19:35'],
        ],
      },
    ],
  },
];
