// A vitest setup file: every test file's sign-ups hash at the test cost (password.ts setPasswordHashCost). With
// isolate off, files share a worker's modules, so this runs before each file and undoes a file that switched back.
import { setPasswordHashCost } from '../features/auth/password.ts';

setPasswordHashCost('test');
