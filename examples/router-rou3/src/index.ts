export { Rou3Router } from './rou3-router.js';
