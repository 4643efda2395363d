export * from './visitor-cookie';
export * from './event-names';
export * from './web-vitals-thresholds';
export * from './panel-events';
