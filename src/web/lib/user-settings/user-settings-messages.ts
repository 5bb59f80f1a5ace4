import { defineMessages } from 'react-intl';

export const USER_SETTINGS_MESSAGES = defineMessages({
  saveFailed: { id: 'settings.saveFailed', defaultMessage: 'Your settings could not be saved' },
});
