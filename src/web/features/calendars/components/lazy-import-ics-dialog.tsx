import { lazyComponent } from '../../../components/lazy-component.tsx';

/** ImportIcsDialog, loaded when an editor first asks to import: nobody else ever needs its code. */
export const ImportIcsDialog = lazyComponent(() => import('./import-ics-dialog.tsx').then((module) => module.ImportIcsDialog));
