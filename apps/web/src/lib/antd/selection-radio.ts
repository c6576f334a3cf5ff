// Table selection's Radio, loaded when drawn (selection-controls.tsx).
export { SelectionRadio as default } from './selection-controls';
