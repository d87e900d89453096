import { resources } from './resources.js';
import type { CourseSpec } from './types.js';
import { aiVideos, youtube } from './videos.js';

const notebookHabitsArticle = `
<p>Jupyter notebooks are wonderful for exploring data and terrible for remembering how you got a result. A few habits keep them trustworthy.</p>
<ul>
<li><strong>Restart and run all</strong> before you share or trust a notebook. Cells run out of order are the most common source of results nobody can reproduce.</li>
<li><strong>Load raw data once</strong> at the top and never overwrite the file. Work on copies in memory.</li>
<li><strong>Name intermediate DataFrames</strong> after what they contain, such as <code>orders_2024</code> or <code>orders_clean</code>, rather than reusing <code>df</code> for everything.</li>
<li><strong>Move repeated code into functions</strong>, and eventually into a <code>.py</code> module you import.</li>
</ul>
<pre><code>import pandas as pd
from pathlib import Path

DATA = Path("data")
orders_raw = pd.read_csv(DATA / "orders.csv", parse_dates=["ordered_at"])
orders = orders_raw.dropna(subset=["customer_id"]).copy()
orders.shape</code></pre>
<p>End every notebook with a short markdown cell summarising what you found. Future you will read that cell first.</p>
`;

const locIlocArticle = `
<p>Selecting data is most of what you do in pandas, and <code>loc</code> and <code>iloc</code> are the two tools for it. The difference fits in one sentence: <strong><code>loc</code> selects by label, <code>iloc</code> selects by position</strong>.</p>
<pre><code>sales.loc["2024-03-01", "revenue"]          # row label, column label
sales.loc["2024-03-01":"2024-03-07", ["revenue", "orders"]]  # label slices include the end
sales.iloc[0, 2]                             # first row, third column
sales.iloc[:7, :2]                           # position slices exclude the end
sales.loc[sales["revenue"] &gt; 1000, "region"]  # boolean mask with loc</code></pre>
<p>Two details trip people up:</p>
<ul>
<li>Label slices with <code>loc</code> <em>include</em> the end label; position slices with <code>iloc</code> exclude it, like normal Python.</li>
<li>To change values, always assign through <code>loc</code> on the original frame. Chained indexing such as <code>df[mask]["col"] = 0</code> may silently modify a copy.</li>
</ul>
<p>The cheat sheet attached to this lesson collects these and the other pandas idioms used in the course on one printable page.</p>
`;

const chartStoryArticle = `
<p>A chart is an argument. Before plotting, write down the one sentence the reader should remember, then design the chart to make that sentence obvious.</p>
<ul>
<li><strong>Pick the chart for the comparison.</strong> Change over time: a line. Comparing categories: sorted horizontal bars. Parts of a whole: stacked bars, rarely a pie.</li>
<li><strong>Put the message in the title.</strong> "Weekend orders grew 40% after the app launch" beats "Orders by day".</li>
<li><strong>Remove what does not help.</strong> Gridlines, borders, legends that could be direct labels.</li>
<li><strong>Use colour to highlight</strong>, not to decorate. Grey for context, one strong colour for the point.</li>
</ul>
<pre><code>import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(8, 4))
ax.plot(weekly.index, weekly["orders"], color="#9ca3af")
ax.plot(after.index, after["orders"], color="#4f46e5", linewidth=2.5)
ax.set_title("Weekend orders grew 40% after the app launch", loc="left")
ax.spines[["top", "right"]].set_visible(False)
fig.tight_layout()</code></pre>
`;

const mlWorkflowArticle = `
<p>Every supervised machine learning project, from spam filters to price prediction, follows the same loop. Knowing the loop tells you what to do next when a model disappoints.</p>
<ul>
<li><strong>Frame the problem</strong>: what is predicted, for whom, and what a wrong answer costs.</li>
<li><strong>Get and split the data</strong>: hold out a test set <em>before</em> you look closely.</li>
<li><strong>Establish a baseline</strong>: the most frequent class, or the mean. Every model must beat it.</li>
<li><strong>Prepare features</strong> inside a pipeline, so the same steps run at training and prediction time.</li>
<li><strong>Train, evaluate with cross-validation, and iterate</strong>.</li>
<li><strong>Test once</strong> on the held-out set, then ship and monitor.</li>
</ul>
<pre><code>from sklearn.dummy import DummyClassifier
from sklearn.model_selection import cross_val_score, train_test_split

X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2, stratify=y, random_state=42)
baseline = cross_val_score(DummyClassifier(), X_train, y_train, cv=5).mean()
print(f"Baseline accuracy: {baseline:.2%}")</code></pre>
<p>Most of the improvement in real projects comes from better data and features, not from a cleverer algorithm.</p>
`;

const regressionMetricsArticle = `
<p>A regression model predicts numbers, so its errors are numbers too. The common metrics summarise those errors differently, and choosing the right one depends on what a mistake costs.</p>
<ul>
<li><strong>MAE</strong> (mean absolute error): the average size of a mistake, in the target's own units. "We are off by 14,000 on average."</li>
<li><strong>RMSE</strong> (root mean squared error): like MAE but punishes large mistakes more. Use it when one big miss is worse than several small ones.</li>
<li><strong>R²</strong>: the share of variance explained, from 1 (perfect) down to 0 (no better than predicting the mean) and below.</li>
</ul>
<pre><code>from sklearn.metrics import mean_absolute_error, mean_squared_error, r2_score

pred = model.predict(X_valid)
print("MAE ", mean_absolute_error(y_valid, pred))
print("RMSE", mean_squared_error(y_valid, pred) ** 0.5)
print("R2  ", r2_score(y_valid, pred))</code></pre>
<p>Report MAE to non-technical stakeholders: it is the only one of the three they can interpret without a statistics lecture.</p>
`;

const monitoringArticle = `
<p>A model's accuracy on launch day is the best it will ever be. Customers change, prices change, and the data drifts away from what the model learned. Monitoring tells you when to retrain before users notice.</p>
<h3>What to watch</h3>
<ul>
<li><strong>Input drift</strong>: compare the distribution of each feature this week with the training data.</li>
<li><strong>Prediction drift</strong>: a churn model that suddenly predicts twice as much churn deserves a look.</li>
<li><strong>Real outcomes</strong>: when labels arrive later, compute the live metric and chart it over time.</li>
<li><strong>Operational health</strong>: latency, error rate and the share of requests with missing features.</li>
</ul>
<pre><code>import numpy as np

def population_stability_index(expected, actual, bins=10):
    edges = np.quantile(expected, np.linspace(0, 1, bins + 1))
    e = np.histogram(expected, edges)[0] / len(expected) + 1e-6
    a = np.histogram(actual, edges)[0] / len(actual) + 1e-6
    return float(np.sum((a - e) * np.log(a / e)))

# PSI above 0.2 usually means the feature has drifted enough to investigate</code></pre>
`;

const shapeDebuggingArticle = `
<p>Most PyTorch errors are shape errors. "mat1 and mat2 shapes cannot be multiplied" is the framework's way of saying you lost track of a dimension. A small routine finds them in minutes.</p>
<ul>
<li>Write the expected shape as a comment next to every tensor: <code># (batch, channels, height, width)</code>.</li>
<li>Run one batch through the model with print statements, or a forward hook, before training.</li>
<li>Remember that <code>nn.Linear</code> acts on the <em>last</em> dimension, and <code>nn.Conv2d</code> expects channels first.</li>
<li>Use <code>torch.flatten(x, start_dim=1)</code> so the batch dimension survives.</li>
</ul>
<pre><code>x, y = next(iter(train_loader))
print(x.shape)             # torch.Size([64, 3, 32, 32])
features = model.conv(x)
print(features.shape)      # torch.Size([64, 32, 8, 8])
flat = torch.flatten(features, start_dim=1)
print(flat.shape)          # torch.Size([64, 2048]): in_features of the next Linear</code></pre>
`;

const transformerArticle = `
<p>The Transformer block is the unit stacked dozens of times in every large language model. Once you can read one block, you can read them all.</p>
<pre><code>class Block(nn.Module):
    def __init__(self, d_model, n_heads, dropout=0.1):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.attn = nn.MultiheadAttention(d_model, n_heads, dropout=dropout, batch_first=True)
        self.ln2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(
            nn.Linear(d_model, 4 * d_model),
            nn.GELU(),
            nn.Linear(4 * d_model, d_model),
            nn.Dropout(dropout),
        )

    def forward(self, x, mask=None):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, attn_mask=mask, need_weights=False)[0]
        x = x + self.mlp(self.ln2(x))
        return x</code></pre>
<ul>
<li><strong>Attention</strong> lets every token gather information from the others; the mask stops a token from seeing the future.</li>
<li><strong>The MLP</strong> processes each token on its own, widening to four times the model size and back.</li>
<li><strong>Residual connections</strong> (<code>x = x + ...</code>) let gradients flow through deep stacks.</li>
<li><strong>Layer normalisation before each part</strong> ("pre-norm") keeps training stable.</li>
</ul>
`;

const inferenceArticle = `
<p>A model that takes 300 ms per request in a notebook can often serve in 30 ms with a few changes that do not touch its accuracy.</p>
<ul>
<li><strong>Switch to inference mode.</strong> <code>model.eval()</code> and <code>torch.inference_mode()</code> disable dropout and gradient tracking.</li>
<li><strong>Batch requests.</strong> GPUs are fast on 32 images and barely slower than on one.</li>
<li><strong>Use half precision</strong> on GPUs that support it.</li>
<li><strong>Load the model once</strong> at start-up, never per request.</li>
</ul>
<pre><code>model = load_model().eval().to("cuda").half()

@torch.inference_mode()
def embed(images):
    batch = torch.stack([preprocess(i) for i in images]).to("cuda").half()
    return model(batch).float().cpu()</code></pre>
<p>Measure before and after every change with realistic inputs. Optimising a part that takes 2% of the time is wasted effort.</p>
`;

const promptingArticle = `
<p>Large language models are sensitive to how a task is described. These patterns make responses more accurate and much more consistent.</p>
<ul>
<li><strong>Say who the answer is for</strong> and what a good answer looks like.</li>
<li><strong>Separate instructions from data</strong> with clear delimiters, so user text cannot be mistaken for instructions.</li>
<li><strong>Show one or two examples</strong> of the exact output format.</li>
<li><strong>Ask for structured output</strong> when code will read the answer.</li>
<li><strong>Allow "I don't know"</strong>, which reduces invented answers.</li>
</ul>
<pre><code>SYSTEM = """You summarise customer support tickets for an engineering team.
Reply with JSON: {"product_area": str, "severity": "low"|"medium"|"high", "summary": str}.
If the ticket does not describe a problem, use severity "low" and say so in the summary."""

def build_messages(ticket_text: str):
    return [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": f"&lt;ticket&gt;\\n{ticket_text}\\n&lt;/ticket&gt;"},
    ]</code></pre>
<p>Treat prompts like code: keep them in version control and run them against a small test set whenever they change.</p>
`;

const ragFailuresArticle = `
<p>When a retrieval-augmented app gives a wrong answer, the model is rarely the culprit. Work through the pipeline in order.</p>
<h3>1. Was the right passage retrieved?</h3>
<p>Log the retrieved chunks for every question. If the answer is not in them, no prompt will save you. Fix chunking (passages too small lose context, too large dilute the match), add keyword search alongside embeddings, or re-rank the candidates.</p>
<h3>2. Did the prompt use it?</h3>
<p>Put the passages before the question, label each with its source, and instruct the model to answer only from them and to cite the source.</p>
<h3>3. Is the data current?</h3>
<p>Stale indexes produce confident, outdated answers. Re-embed documents when they change.</p>
<pre><code>def answer(question: str) -&gt; dict:
    candidates = hybrid_search(question, k=20)
    passages = rerank(question, candidates)[:5]
    log_retrieval(question, passages)
    reply = llm(build_prompt(question, passages))
    return {"answer": reply, "sources": [p.source for p in passages]}</code></pre>
`;

const costControlArticle = `
<p>LLM features are billed per token, so costs grow with usage in ways a normal web app's do not. Plan for it from the first prototype.</p>
<ul>
<li><strong>Measure</strong> input and output tokens per request, per feature and per user.</li>
<li><strong>Cache</strong> answers to repeated questions, keyed on a hash of the normalised prompt.</li>
<li><strong>Use the smallest model that passes your test set</strong>, and route only hard requests to a larger one.</li>
<li><strong>Trim context</strong>: send the five best passages, not twenty.</li>
<li><strong>Set limits</strong> per user and alert when daily spend passes a threshold.</li>
</ul>
<pre><code>import hashlib
from django.core.cache import cache

def cached_completion(prompt: str, model: str) -&gt; str:
    key = "llm:" + hashlib.sha256(f"{model}:{prompt.strip().lower()}".encode()).hexdigest()
    if (hit := cache.get(key)) is not None:
        return hit
    text = complete(prompt, model=model)
    cache.set(key, text, timeout=60 * 60 * 24)
    return text</code></pre>
`;

export const aiCourses: CourseSpec[] = [
  {
    slug: 'data-analysis-pandas',
    title: 'Data Analysis with NumPy and Pandas',
    subtitle: 'Clean, explore and visualise real data in Python, and turn spreadsheets into answers.',
    category: 'ai-machine-learning',
    complexity: 'Beginner',
    courseType: 'free',
    promoVideo: youtube('vmEHCJofslg'),
    description: `
<p>Data analysis is the most useful skill you can add to basic Python. Whether you work in marketing, finance, operations or research, the ability to load messy data, clean it and answer questions with it will save you hours every week.</p>
<p>This course teaches <strong>NumPy</strong> for fast numerical work and <strong>pandas</strong> for tabular data, then <strong>Matplotlib</strong> and <strong>Seaborn</strong> for charts. Every section uses real-world datasets with real problems: missing values, inconsistent spelling, dates stored as text.</p>
<h3>The project</h3>
<p>You finish by analysing a year of sales data from an online shop and presenting the findings in a clean, shareable report.</p>
`,
    whatYouWillLearn: [
      'Set up Jupyter and work in notebooks productively',
      'Use NumPy arrays, vectorised maths and boolean masks',
      'Load CSV, Excel and JSON data into pandas',
      'Clean missing values, wrong types and messy text',
      'Group, aggregate, merge and pivot tables',
      'Analyse time series with resampling',
      'Create clear charts with Matplotlib and Seaborn',
    ],
    targetAudience: [
      'Python beginners who want a practical next step',
      'Analysts who work in Excel and want to automate it',
      'Students preparing for machine learning courses',
    ],
    enrolledBaseline: 9560,
    previewCount: 3,
    videoPool: aiVideos,
    sections: [
      {
        title: 'Getting Set Up',
        lessons: [
          ['Why Python for data analysis', '5:45'],
          ['Jupyter notebooks: Anaconda or pip?', '10:20'],
          ['A first look at a real dataset', '8:30'],
          { title: 'Notebook habits that save hours', time: '5:00', article: notebookHabitsArticle },
        ],
      },
      {
        title: 'NumPy Essentials',
        lessons: [
          ['Arrays and dtypes', '12:10'],
          ['Vectorised operations and broadcasting', '13:45'],
          ['Indexing, masks and fancy indexing', '11:30'],
          ['Random numbers and simple statistics', '9:15'],
        ],
      },
      {
        title: 'Pandas Fundamentals',
        lessons: [
          ['Series and DataFrame', '12:50'],
          ['Reading CSV, Excel and JSON files', '11:05'],
          ['Selecting data with loc and iloc', '13:20'],
          ['Filtering rows with conditions', '10:40'],
          { title: 'loc versus iloc, once and for all', time: '5:00', article: locIlocArticle, resource: resources.pandasCheatSheet },
        ],
      },
      {
        title: 'Cleaning Data',
        lessons: [
          ['Finding and filling missing values', '12:25'],
          ['Fixing types and parsing dates', '10:55'],
          ['String methods for messy text', '11:40'],
          ['Removing duplicates and outliers', '9:30'],
        ],
      },
      {
        title: 'Analysing Data',
        lessons: [
          ['groupby and aggregation', '14:35'],
          ['Merging and joining tables', '13:10'],
          ['Pivot tables and reshaping', '12:45'],
          ['Time series and resampling', '13:55'],
        ],
      },
      {
        title: 'Visualising and Reporting',
        lessons: [
          ['Plotting with Matplotlib', '14:20'],
          ['Statistical charts with Seaborn', '12:35'],
          { title: 'Telling a story with a chart', time: '5:00', article: chartStoryArticle },
          ['Exporting results to Excel and HTML', '8:45'],
          ['Project: analysing a year of sales data', '24:30'],
        ],
      },
    ],
  },
  {
    slug: 'machine-learning-scikit-learn',
    title: 'Machine Learning with Python and scikit-learn',
    subtitle: 'Build, evaluate and deploy real machine learning models: regression, classification, clustering and more.',
    category: 'ai-machine-learning',
    complexity: 'Intermediate',
    courseType: 'paid',
    promoVideo: youtube('i_LwzRVP7bg'),
    description: `
<p>Machine learning is less mysterious than it looks. Most business problems, such as predicting prices, spotting customers about to leave or grouping similar products, are solved with a handful of well-understood algorithms applied carefully.</p>
<p>This course teaches those algorithms with <strong>scikit-learn</strong>, and, just as importantly, the workflow around them: splitting data honestly, building pipelines, choosing metrics that match the business goal, tuning without fooling yourself, and serving a model behind an API.</p>
<h3>Projects</h3>
<ul>
<li>House price prediction with regularised regression.</li>
<li>Customer churn prediction with gradient boosting.</li>
<li>Customer segmentation with k-means and PCA.</li>
</ul>
`,
    whatYouWillLearn: [
      'Frame business questions as machine learning problems',
      'Prepare features with pipelines and ColumnTransformer',
      'Train and compare regression and classification models',
      'Choose the right metric: MAE, precision, recall, ROC AUC',
      'Tune hyperparameters with cross-validation, without leakage',
      'Cluster and reduce dimensions with k-means and PCA',
      'Save a model and serve it through a REST API',
      'Monitor a model after launch',
    ],
    targetAudience: [
      'Python developers who want to move into machine learning',
      'Data analysts ready to go beyond descriptive statistics',
      'Students who know pandas and want their first ML portfolio projects',
      'Engineers who need to work alongside data scientists',
    ],
    enrolledBaseline: 6320,
    previewCount: 3,
    videoPool: aiVideos,
    prices: {
      US: { amount: 5499, regularAmount: 9499 },
      IN: { amount: 379900, regularAmount: 649900 },
      GB: { amount: 4299, regularAmount: 7499 },
      EU: { amount: 4999, regularAmount: 8499 },
    },
    sections: [
      {
        title: 'Foundations',
        lessons: [
          ['What machine learning is, and what it is not', '8:50'],
          ['Supervised versus unsupervised learning', '9:35'],
          ['The scikit-learn API: fit, predict, transform', '10:40'],
          { title: 'The machine learning workflow on one page', time: '6:00', article: mlWorkflowArticle },
        ],
      },
      {
        title: 'Preparing Data',
        lessons: [
          ['Train, validation and test splits', '11:25'],
          ['Scaling and encoding features', '13:50'],
          ['Pipelines and ColumnTransformer', '15:30'],
          ['Handling imbalanced classes', '11:10'],
        ],
      },
      {
        title: 'Regression',
        lessons: [
          ['Linear regression from scratch with NumPy', '16:40'],
          ['Regularisation: Ridge and Lasso', '12:55'],
          ['Project: predicting house prices', '22:20'],
          { title: 'Reading regression metrics: MAE, RMSE and R²', time: '5:00', article: regressionMetricsArticle },
        ],
      },
      {
        title: 'Classification',
        lessons: [
          ['Logistic regression', '13:35'],
          ['Decision trees and random forests', '15:05'],
          ['Gradient boosting', '14:25'],
          { title: 'Precision, recall and ROC curves', time: '13:40', resource: resources.modelEvaluationCheatSheet },
          ['Project: customer churn prediction', '21:50'],
        ],
      },
      {
        title: 'Unsupervised Learning',
        lessons: [
          ['k-means clustering', '12:20'],
          ['Dimensionality reduction with PCA', '13:15'],
          ['Anomaly detection with Isolation Forest', '11:40'],
          ['Project: segmenting customers', '17:45'],
        ],
      },
      {
        title: 'Model Selection and Deployment',
        lessons: [
          ['Cross-validation done right', '12:05'],
          ['Hyperparameter search', '13:30'],
          ['Saving models with joblib', '7:35'],
          ['Serving a model behind a REST API', '18:40'],
          { title: 'Monitoring models after launch', time: '6:00', article: monitoringArticle },
        ],
      },
    ],
  },
  {
    slug: 'deep-learning-pytorch',
    title: 'Deep Learning with PyTorch',
    subtitle: 'From tensors to Transformers: build, train and ship neural networks for vision and language.',
    category: 'ai-machine-learning',
    complexity: 'Advanced',
    courseType: 'paid',
    promoVideo: youtube('V_xro1bcAuA'),
    description: `
<p>Deep learning powers image recognition, translation and the language models behind today's AI products. This course teaches you to build those networks yourself in <strong>PyTorch</strong>, the framework used by most research labs and a growing share of industry.</p>
<p>We start from tensors and automatic differentiation and write the training loop by hand, so nothing is magic. Then we build convolutional networks for images, recurrent networks and attention for sequences, and finally a small Transformer from scratch.</p>
<p>The last sections cover what it takes to use models in practice: mixed precision, experiment tracking, export to ONNX and serving with <em>FastAPI</em>.</p>
`,
    whatYouWillLearn: [
      'Work fluently with tensors, devices and autograd',
      'Write a clean, reusable training loop',
      'Build and fine-tune convolutional networks for images',
      'Understand attention and build a Transformer from scratch',
      'Speed up training with mixed precision and good schedules',
      'Export and serve models in production',
    ],
    targetAudience: [
      'Developers who have completed an introductory machine learning course',
      'Data scientists moving from scikit-learn to deep learning',
      'Engineers who want to understand how modern AI models work inside',
    ],
    enrolledBaseline: 3180,
    previewCount: 2,
    videoPool: aiVideos,
    prices: {
      US: { amount: 7999, regularAmount: 12999 },
      IN: { amount: 549900, regularAmount: 899900 },
      GB: { amount: 6499, regularAmount: 10999 },
      EU: { amount: 7299, regularAmount: 11999 },
    },
    sections: [
      {
        title: 'Tensors and Autograd',
        lessons: [
          ['Course overview and GPU setup', '7:35'],
          ['Tensors: shapes, dtypes and devices', '13:20'],
          ['Autograd and computational graphs', '14:45'],
          { title: 'A shape debugging checklist', time: '5:00', article: shapeDebuggingArticle },
        ],
      },
      {
        title: 'Neural Network Basics',
        lessons: [
          ['Building a model with nn.Module', '12:50'],
          ['Loss functions and optimisers', '13:10'],
          ['The training loop, step by step', '17:25'],
          ['Datasets and DataLoaders', '12:35'],
          ['Overfitting, dropout and weight decay', '13:45'],
        ],
      },
      {
        title: 'Computer Vision',
        lessons: [
          ['Convolutions explained visually', '14:30'],
          ['Building a CNN for image classification', '19:15'],
          ['Data augmentation', '10:25'],
          ['Transfer learning with a pretrained ResNet', '16:55'],
        ],
      },
      {
        title: 'Sequence Models and Attention',
        lessons: [
          ['Embeddings and tokenisation', '12:40'],
          ['RNNs and LSTMs', '15:20'],
          ['Attention from first principles', '18:35'],
          { title: 'The Transformer block, annotated', time: '8:00', article: transformerArticle },
          ['Building a tiny Transformer', '24:10'],
        ],
      },
      {
        title: 'Training at Scale',
        lessons: [
          ['Mixed precision training', '10:45'],
          ['Learning rate schedules', '11:30'],
          ['Experiment tracking', '9:55'],
          ['Checkpointing and resuming', '8:40'],
        ],
      },
      {
        title: 'Shipping Models',
        lessons: [
          ['Exporting with TorchScript and ONNX', '12:15'],
          ['Serving with FastAPI', '16:05'],
          { title: 'Inference performance tips', time: '5:00', article: inferenceArticle },
          ['Capstone: an image search engine', '23:45'],
        ],
      },
    ],
  },
  {
    slug: 'build-ai-apps-llm',
    title: 'Build AI Apps with Python and Large Language Models',
    subtitle: 'Prompting, retrieval-augmented generation, tool calling and agents: ship reliable LLM features with Python and Django.',
    category: 'ai-machine-learning',
    complexity: 'Intermediate',
    courseType: 'paid',
    promoVideo: youtube('zjkBMFhNj_g'),
    description: `
<p>Large language models have made it possible for any developer to add summarisation, search, chat and automation to a product. Making those features <strong>reliable, affordable and safe</strong> is the hard part, and it is what this course is about.</p>
<p>You will learn how LLMs work at a practical level, write prompts that produce structured, testable output, build a retrieval-augmented generation (RAG) pipeline over your own documents with <em>pgvector</em>, and give models tools they can call safely.</p>
<h3>The project</h3>
<p>You will build a documentation assistant with a Django backend that streams answers to the browser, cites its sources, remembers the conversation and keeps costs under control.</p>
`,
    whatYouWillLearn: [
      'Understand tokens, context windows and model trade-offs',
      'Write prompts that return structured, testable output',
      'Build retrieval-augmented generation with embeddings and pgvector',
      'Let models call tools safely, with human approval where it matters',
      'Stream responses to the browser from a Django backend',
      'Evaluate, monitor and control the cost of LLM features',
    ],
    targetAudience: [
      'Python developers who want to add AI features to real products',
      'Backend developers asked to "add AI" to an existing application',
      'Founders and product engineers prototyping AI tools',
    ],
    enrolledBaseline: 3870,
    previewCount: 2,
    videoPool: aiVideos,
    prices: {
      US: { amount: 5999, regularAmount: 5999 },
      IN: { amount: 399900, regularAmount: 399900 },
      GB: { amount: 4799, regularAmount: 4799 },
      EU: { amount: 5499, regularAmount: 5499 },
    },
    sections: [
      {
        title: 'LLM Fundamentals',
        lessons: [
          ['How large language models work, without the maths', '11:25'],
          ['Tokens, context windows and cost', '9:40'],
          ['Calling a model API from Python', '12:15'],
          { title: 'Prompting patterns that work', time: '6:00', article: promptingArticle },
        ],
      },
      {
        title: 'Prompt Engineering',
        lessons: [
          ['System prompts and roles', '10:30'],
          ['Few-shot examples', '9:05'],
          ['Structured output with JSON schemas', '13:40'],
          ['Evaluating prompts with test sets', '14:10'],
        ],
      },
      {
        title: 'Retrieval-Augmented Generation',
        lessons: [
          ['Embeddings and semantic search', '13:25'],
          ['Chunking documents', '11:50'],
          ['Vector search with pgvector', '16:20'],
          ['Re-ranking results', '9:35'],
          ['Building a RAG pipeline', '21:35'],
          { title: 'Why RAG answers go wrong, and how to fix them', time: '6:00', article: ragFailuresArticle },
        ],
      },
      {
        title: 'Tools and Agents',
        lessons: [
          ['Function calling', '14:05'],
          ['Designing safe tools', '11:15'],
          ['A multi-step research agent', '19:40'],
          ['Guardrails and human approval', '10:20'],
        ],
      },
      {
        title: 'Building the Product',
        lessons: [
          ['A Django backend for the assistant', '17:35'],
          ['Streaming responses to the browser', '13:05'],
          ['Conversation memory and history', '11:45'],
          { title: 'Cost control and caching', time: '5:00', article: costControlArticle },
        ],
      },
      {
        title: 'Launch',
        lessons: [
          ['Testing and monitoring LLM features', '12:30'],
          ['Privacy, safety and data retention', '9:50'],
          ['Deploying the assistant', '15:25'],
          ['Next steps in AI engineering', '5:35'],
        ],
      },
    ],
  },
];
