import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names, without merging conflicting utilities: a component's base classes leave out
 * whatever its callers set (its variants and props carry the differences), so no page pays for a
 * merge library on its first load.
 */
export const cn = (...inputs: ClassValue[]) => clsx(inputs);
