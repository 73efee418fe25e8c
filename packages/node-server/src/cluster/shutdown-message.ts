/** The message the cluster primary sends a worker to make it shut down gracefully. */
export const SHUTDOWN_MESSAGE = 'framework:shutdown';
