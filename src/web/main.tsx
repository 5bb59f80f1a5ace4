// The page's entry: the first requests leave at once (boot.ts), and the app starts once its chunks, which index.html
// preloads beside this one, are in. Until then nothing waits on them: the requests are on their way meanwhile.
import './boot.ts';

void import('./start-app.tsx');
