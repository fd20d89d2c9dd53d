import { Alert, Skeleton } from 'antd';
import { Component, lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { useHydrated } from '../../app/use-hydrated.js';

/** Height of every dashboard chart; the placeholder has the same size, so nothing moves when a chart appears. */
const CHART_HEIGHT = 300;

const loadCharts = () => import('./DashboardCharts.js');
const RentalCostChartImpl = lazy(() => loadCharts().then((m) => ({ default: m.RentalCostChart })));
const SignupsChartImpl = lazy(() => loadCharts().then((m) => ({ default: m.SignupsChart })));

function ChartSkeleton() {
  return <Skeleton.Node active className="dashboard-chart-skeleton" style={{ width: '100%', height: CHART_HEIGHT }} />;
}

/** A chart that cannot load (chunk fetch failed, e.g. after a deploy) costs only its own box, not the dashboard. */
class ChartErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A dashboard chart failed to load:', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="dashboard-chart-failed" style={{ height: CHART_HEIGHT }}>
        <Alert type="warning" showIcon title="This chart could not be loaded. Reload the page to try again." />
      </div>
    );
  }
}

/**
 * The server and the hydration pass render the skeleton; the chart module is requested only once mounted in the
 * browser (it draws on a canvas and would be dead weight in the server render).
 */
function ClientOnly({ children }: { children: ReactNode }) {
  const mounted = useHydrated();
  if (!mounted) return <ChartSkeleton />;
  return (
    <ChartErrorBoundary>
      <Suspense fallback={<ChartSkeleton />}>{children}</Suspense>
    </ChartErrorBoundary>
  );
}

export function RentalCostChart(props: ComponentProps<typeof RentalCostChartImpl>) {
  return (
    <ClientOnly>
      <RentalCostChartImpl {...props} />
    </ClientOnly>
  );
}

export function SignupsChart(props: ComponentProps<typeof SignupsChartImpl>) {
  return (
    <ClientOnly>
      <SignupsChartImpl {...props} />
    </ClientOnly>
  );
}
