import { lazyComponent } from '../../../components/lazy-component.tsx';

/** SubscriptionsDialog, loaded when first opened: most people never open it, so it stays off the first screen. */
export const SubscriptionsDialog = lazyComponent(() => import('./subscriptions-dialog.tsx').then((module) => module.SubscriptionsDialog));
