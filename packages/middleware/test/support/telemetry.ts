import { context, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  DataPointType,
  type HistogramMetricData,
  MeterProvider,
  MetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/** A metric reader that collects only when asked. */
class OnDemandReader extends MetricReader {
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
}

/** An SDK of the kind a user registers: spans to memory, metrics read on demand. */
export interface Telemetry {
  readonly tracerProvider: BasicTracerProvider;
  readonly meterProvider: MeterProvider;
  /** The spans ended so far. */
  spans(): ReadableSpan[];
  /** The `http.server.request.duration` histogram as collected now, if anything was recorded. */
  duration(): Promise<HistogramMetricData | undefined>;
  reset(): void;
}

/** Registers the async context manager and the W3C propagator globally, as the NodeSDK does. */
export function registerContextAndPropagation(): void {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
}

export function telemetry(): Telemetry {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const reader = new OnDemandReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  return {
    tracerProvider,
    meterProvider,
    spans: () => exporter.getFinishedSpans(),
    async duration() {
      const { resourceMetrics } = await reader.collect();
      const metric = resourceMetrics.scopeMetrics
        .flatMap((scope) => scope.metrics)
        .find((candidate) => candidate.descriptor.name === 'http.server.request.duration');
      return metric?.dataPointType === DataPointType.HISTOGRAM ? metric : undefined;
    },
    reset: () => exporter.reset(),
  };
}
