export { createContainer } from './create-container';
export { TypediContainer } from './typedi-container';
