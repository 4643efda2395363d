/**
 * The phone menu is a `<details class="site-menu">` in the theme's layout, so it opens and closes
 * without JavaScript. With the script loaded it also behaves like the disclosure menus shoppers know:
 * Escape closes it and gives focus back to its Menu button, and a click outside it closes it.
 */
export function watchSiteMenu(root: Document = document): () => void {
  const openMenus = () => Array.from(root.querySelectorAll<HTMLDetailsElement>('details.site-menu[open]'));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    for (const menu of openMenus()) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
      event.preventDefault();
    }
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target as Node | null;
    for (const menu of openMenus()) {
      if (!target || !menu.contains(target)) menu.open = false;
    }
  };

  root.addEventListener('keydown', onKeyDown);
  root.addEventListener('click', onClick);
  return () => {
    root.removeEventListener('keydown', onKeyDown);
    root.removeEventListener('click', onClick);
  };
}
