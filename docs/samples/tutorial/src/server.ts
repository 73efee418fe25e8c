import { run } from '@framework/node-server';
import { app } from './app';

// HOST and PORT from the environment, else 0.0.0.0:8080; Ctrl-C or SIGTERM shuts down gracefully.
void run(app);
