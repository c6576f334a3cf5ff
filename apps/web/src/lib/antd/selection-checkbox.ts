// Table selection's Checkbox, loaded when drawn (selection-controls.tsx).
export { SelectionCheckbox as default } from './selection-controls';
