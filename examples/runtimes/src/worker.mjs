// workerd: the module worker is the application itself; workerd calls its fetch(request, env, ctx).
import { createApp } from './app.mjs';

export default createApp();
