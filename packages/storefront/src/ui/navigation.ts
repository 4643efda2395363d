/** Page changes go through this object so tests can observe them without leaving the page. */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
