/** One cookie's decoded value in a `document.cookie` string, or null when it is not set. */
export const cookieValue = (cookies: string, name: string): string | null => {
  for (const part of cookies.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
};
