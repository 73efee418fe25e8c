import { type Attributes, type Histogram, type MeterProvider, metrics, ValueType } from '@opentelemetry/api';

/** The bucket boundaries, in seconds, the HTTP semantic conventions advise for `http.server.request.duration`. */
export const HTTP_SERVER_DURATION_BUCKETS: readonly number[] = Object.freeze([
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
]);

/**
 * The `http.server.request.duration` histogram, made on first use: the global meter provider is often
 * registered after the middleware is built, and a meter taken before that would record nothing.
 */
export class RequestDuration {
  private histogram: Histogram | undefined;

  constructor(
    private readonly provider: MeterProvider | undefined,
    private readonly scope: string,
  ) {}

  record(seconds: number, attributes: Attributes): void {
    this.histogram ??= (this.provider ?? metrics.getMeterProvider())
      .getMeter(this.scope)
      .createHistogram('http.server.request.duration', {
        description: 'Duration of HTTP server requests.',
        unit: 's',
        valueType: ValueType.DOUBLE,
        advice: { explicitBucketBoundaries: [...HTTP_SERVER_DURATION_BUCKETS] },
      });
    this.histogram.record(seconds, attributes);
  }
}
