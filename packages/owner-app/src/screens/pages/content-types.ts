/**
 * The owner content API's answers as the editor reads them: the contracts' types (type-only: the app never
 * bundles TypeBox), under the editor's shorter names.
 */
export type {
  ContentStatusName as ContentStatus,
  PageKindName as PageKind,
  PageTreeKind as TreeKind,
  PageSummaryJson as PageSummary,
  NavigationNodeJson as NavigationNode,
  PageTreeJson as PageTree,
  ContentPageJson as ContentPage,
  ItemRecordType as RecordType,
  ItemSummaryJson as ItemSummary,
  EventLocationJson as ItemLocation,
  ItemImageJson as ContentImage,
  ContentItemJson as ContentItem,
  RevisionJson as Revision,
} from '@vitrine/contracts';
