export interface ServiceRequestDialogProps {
  open: boolean;
  onClose: () => void;
  /** Prefills the Service name field (for example from the code form's search box). */
  initialName?: string;
}

/**
 * The service request form of spec §5, in a modal. (Built by the services feature; until then
 * it renders nothing.)
 */
export function ServiceRequestDialog(_props: ServiceRequestDialogProps) {
  return null;
}
