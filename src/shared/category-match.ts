/**
 * Category names are compared without letter case: a calendar cannot hold two that differ only by it, and an event
 * moved to another calendar takes the category of the same name there. One rule for the API and the web app.
 */
export function categoryNameKey(name: string): string {
  return name.trim().toLocaleLowerCase('en');
}

/** The category of the same name (letter case aside), if the list has one. */
export function categoryNamed<C extends { name: string }>(categories: readonly C[], name: string): C | undefined {
  const key = categoryNameKey(name);
  return categories.find((category) => categoryNameKey(category.name) === key);
}
