import { BarController, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { useState } from 'react';
import { Chart } from 'react-chartjs-2';
import type { OverviewDay } from '../../../shared/analytics';
import { toMajor } from '../../../shared/pricing';
import { formatMoney } from '../components/ui';

// Only the parts drawn here, so the chunk stays small; loaded with this page alone.
ChartJS.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Net revenue per day in one currency at a time (bars) and orders paid (line, right axis). */
export default function OverviewChart({ daily, currencies }: { daily: OverviewDay[]; currencies: string[] }) {
  const [chosen, setChosen] = useState(currencies[0] ?? 'USD');
  const currency = currencies.includes(chosen) ? chosen : (currencies[0] ?? 'USD');
  const labels = daily.map((d) => shortDay.format(new Date(d.date)));
  const net = daily.map((d) => toMajor(d.revenue.find((r) => r.currency === currency)?.net ?? 0));
  const total = net.reduce((a, b) => a + b, 0);
  const orders = daily.reduce((n, d) => n + d.orders_paid, 0);

  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h2 className="h6 mb-0">Net revenue and orders per day</h2>
        {currencies.length > 1 && (
          <div className="btn-group btn-group-sm" role="group" aria-label="Currency shown in the chart">
            {currencies.map((c) => (
              <button
                key={c}
                type="button"
                className={`btn ${c === currency ? 'btn-primary' : 'btn-outline-primary'}`}
                aria-pressed={c === currency}
                onClick={() => setChosen(c)}
              >
                {c}
              </button>
            ))}
          </div>
        )}
      </div>
      <div className="overview-chart">
        <Chart
          type="bar"
          role="img"
          aria-label={`Chart: ${formatMoney(total, currency)} net revenue and ${orders} orders paid from ${daily[0]?.date ?? ''} to ${daily.at(-1)?.date ?? ''}`}
          data={{
            labels,
            datasets: [
              { type: 'bar', label: `Net revenue (${currency})`, data: net, backgroundColor: '#6366f1', borderRadius: 3, yAxisID: 'money', order: 2 },
              {
                type: 'line',
                label: 'Orders paid',
                data: daily.map((d) => d.orders_paid),
                borderColor: '#0f766e',
                backgroundColor: '#0f766e',
                pointRadius: daily.length > 60 ? 0 : 2,
                tension: 0.25,
                yAxisID: 'orders',
                order: 1,
              },
            ],
          }}
          options={{
            maintainAspectRatio: false,
            animation: false,
            interaction: { mode: 'index', intersect: false },
            plugins: {
              legend: { position: 'bottom', labels: { boxWidth: 12 } },
              tooltip: {
                callbacks: {
                  label: (item) => (item.dataset.yAxisID === 'money' ? `Net: ${formatMoney(Number(item.raw), currency)}` : `Orders: ${String(item.raw)}`),
                },
              },
            },
            scales: {
              x: { grid: { display: false }, ticks: { maxTicksLimit: 8, maxRotation: 0 } },
              money: {
                position: 'left',
                beginAtZero: true,
                ticks: { maxTicksLimit: 6, callback: (v) => formatMoney(Number(v), currency).replace(/\.00$/, '') },
              },
              orders: { position: 'right', beginAtZero: true, grid: { display: false }, ticks: { precision: 0, maxTicksLimit: 6 } },
            },
          }}
        />
      </div>
    </div>
  );
}
