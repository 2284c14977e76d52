import { runAll } from './harness.js';
import './trace.test.js';
import './stream.test.js';

runAll();
