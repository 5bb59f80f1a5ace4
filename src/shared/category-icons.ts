/**
 * The icons a category may carry: base names of Fluent UI icons (`@fluentui/react-icons`), in PascalCase without size
 * or style, as the API stores them. Curated for a company calendar; the web app bundles exactly these, so no icon is
 * ever fetched from elsewhere. Adding one is a name here and its component in the web app's icon table.
 */
export const CATEGORY_ICONS = [
  'Megaphone',
  'PeopleTeam',
  'PeopleCommunity',
  'PeopleAudience',
  'Presenter',
  'Handshake',
  'HandWave',
  'Chat',
  'Mail',
  'Video',
  'Camera',
  'HatGraduation',
  'Book',
  'Lightbulb',
  'Certificate',
  'Trophy',
  'Ribbon',
  'Star',
  'Sparkle',
  'Gift',
  'Balloon',
  'FoodCake',
  'Food',
  'DrinkCoffee',
  'Heart',
  'HeartPulse',
  'PersonRunning',
  'Sport',
  'SportSoccer',
  'Airplane',
  'VehicleCar',
  'Beach',
  'WeatherSunny',
  'Tent',
  'Building',
  'BuildingBank',
  'Home',
  'Location',
  'Globe',
  'Calendar',
  'Clock',
  'Briefcase',
  'Money',
  'ChartMultiple',
  'Code',
  'Laptop',
  'Server',
  'Rocket',
  'Wrench',
  'Shield',
  'Alert',
  'Flag',
  'Note',
] as const;

export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

const KNOWN = new Set<string>(CATEGORY_ICONS);

export function isCategoryIcon(value: string): value is CategoryIcon {
  return KNOWN.has(value);
}
