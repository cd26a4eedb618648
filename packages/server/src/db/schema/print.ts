/** The Word template of a module's printed 审批单/处理笺 (migration 105): the file lives in the file store. */
export interface PrintTemplateTable {
  module_code: string;
  file_id: string;
  file_name: string;
  size: number;
  uploaded_by: string;
  uploaded_at: string;
}

export interface PrintTables {
  print_template: PrintTemplateTable;
}
