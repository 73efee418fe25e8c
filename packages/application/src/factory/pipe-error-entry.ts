export { pipeErrorEntry } from '../variant-a/pipe-error-entry';
