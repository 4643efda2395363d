/** The operator's metrics (issue 32 item 7): GET /metrics in the Prometheus text format, for METRICS_ALLOW's addresses. */
export { ServerMetrics, METRIC_NAMES, METRIC_PREFIX, BUSIEST_WEBSITES_SHOWN, UNMATCHED_ROUTE, type ServerMetricsOptions } from './server-metrics';
export { BusiestWebsites, OTHER_WEBSITES } from './busiest-websites';
export { JOB_QUEUES, readJobQueues, type JobQueueState, type JobQueueSettings } from './job-queues';
export { parseMetricsAllow, DEFAULT_METRICS_ALLOW, type MetricsAllowed } from './allow-list';
export { registerMetricsRoutes, METRICS_PATH } from './routes';
