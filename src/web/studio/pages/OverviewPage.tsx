import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { overviewQuerySchema, type OverviewQuery } from '../../../shared/analytics';
import { adminErrorText } from '../../api/admin';
import { overviewCsvPath, overviewQuery } from '../../api/adminOverview';
import { useFileDownload } from '../../api/download';
import { SubmitButton } from '../../components/form/SubmitButton';
import { ErrorState } from '../../components/States';
import { CardSkeleton, PageHeader, useStudioTitle } from '../components/ui';
import { amounts, Carts, Funnel, KpiCards, RevenueTable, TopCourses } from '../overview/OverviewSections';
import { lastDays, rangeLabel } from '../overview/range';
import { RangePicker } from '../overview/RangePicker';
import { SetupChecklist } from '../overview/SetupChecklist';

// chart.js is loaded with this page only, after its numbers.
const OverviewChart = lazy(() => import('../overview/OverviewChart'));

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `overview-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="studio-card p-3 h-100" aria-labelledby={id}>
      <h2 className="h6 mb-3" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function ChartSkeleton() {
  return (
    <div className="overview-chart placeholder-glow" role="status" aria-label="Loading the chart">
      <span className="placeholder w-100 h-100 rounded" style={{ opacity: 0.15 }} />
    </div>
  );
}

/** /admin: the studio's home. The range lives in the URL (?from=&to=), the last 30 days by default. */
export default function OverviewPage() {
  useStudioTitle('Overview');
  const [params, setParams] = useSearchParams();
  const parsed = overviewQuerySchema.safeParse({ from: params.get('from') || undefined, to: params.get('to') || undefined });
  const asked = parsed.success && parsed.data.from && parsed.data.to ? (parsed.data as Required<OverviewQuery>) : undefined;
  const range = asked ?? lastDays(30);
  const overview = useQuery(overviewQuery(range));
  const download = useFileDownload();
  const o = overview.data;

  return (
    <>
      <PageHeader
        title="Overview"
        actions={
          <SubmitButton
            type="button"
            className="btn btn-light border"
            icon="bi-download"
            busy={download.isPending}
            busyLabel="Preparing CSV..."
            onClick={() => download.mutate({ path: overviewCsvPath(range), filename: `overview-${range.from}-to-${range.to}.csv` })}
          >
            Export CSV
          </SubmitButton>
        }
      >
        <p className="text-body-secondary small mb-1">{rangeLabel(range.from, range.to)} · UTC days</p>
      </PageHeader>
      <SetupChecklist />
      <RangePicker range={range} onChange={(next) => setParams(new URLSearchParams(next), { replace: true })} />
      {download.isError && (
        <div className="alert alert-danger" role="alert">
          The export failed: {adminErrorText(download.error)}
        </div>
      )}

      {overview.isError && !o ? (
        <ErrorState message={`The overview could not be loaded: ${adminErrorText(overview.error)}`} onRetry={() => void overview.refetch()} />
      ) : !o ? (
        <div className="row g-3" aria-busy="true">
          <div className="col-12">
            <CardSkeleton lines={3} label="Loading the overview" />
          </div>
          <div className="col-lg-8">
            <CardSkeleton lines={6} />
          </div>
          <div className="col-lg-4">
            <CardSkeleton lines={6} />
          </div>
        </div>
      ) : (
        <div className={overview.isPlaceholderData ? 'opacity-50' : undefined} aria-busy={overview.isPlaceholderData}>
          <KpiCards o={o} />
          <div className="row g-3 mb-3">
            <div className="col-lg-8">
              <Panel title="Revenue per currency">
                <RevenueTable o={o} />
                <p className="small text-body-secondary mt-2 mb-0">
                  Each currency apart, never converted or added together. Refunds are counted on the day they were made.
                </p>
              </Panel>
            </div>
            <div className="col-lg-4">
              <Panel title="Abandoned carts">
                <Carts o={o} />
              </Panel>
            </div>
          </div>
          <section className="studio-card p-3 mb-3" aria-label="Chart">
            <Suspense fallback={<ChartSkeleton />}>
              <OverviewChart daily={o.daily} currencies={o.revenue.map((r) => r.currency)} />
            </Suspense>
          </section>
          <div className="row g-3">
            <div className="col-lg-4">
              <Panel title="Funnel">
                <Funnel o={o} />
              </Panel>
            </div>
            <div className="col-lg-8">
              <Panel title="Top courses">
                <TopCourses o={o} />
                {o.top_courses.length > 0 && (
                  <p className="small text-body-secondary mt-2 mb-0">
                    By sales in paid orders; revenue after discounts: {amounts(o.revenue.map((r) => ({ currency: r.currency, amount: r.courses })))} from
                    courses in all.
                  </p>
                )}
              </Panel>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
