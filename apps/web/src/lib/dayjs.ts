import dayjs from 'dayjs';
import 'dayjs/locale/es';

/**
 * dayjs in Spanish: the date pickers' month and day names and the dates the screens format. Every module that uses
 * dayjs (or draws a date picker, which reads dayjs' global locale) imports it from here; the theme used to set the
 * locale, which put dayjs in the shell of every screen, including those that show no date picker
 * (docs/decisions/web-delivery.md, 'Every route').
 */
dayjs.locale('es');

export default dayjs;
export type { Dayjs } from 'dayjs';
