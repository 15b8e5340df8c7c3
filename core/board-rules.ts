/** A project's board: its limits and the words members read, shared by the procedures and the pages. */
import { MAX_MESSAGE_LENGTH } from "./chat-rules";

export const DEFAULT_COLUMNS = ["To do", "In progress", "Done"] as const;

export const MAX_COLUMNS = 10;
export const MAX_COLUMN_NAME_LENGTH = 40;
export const MAX_TASK_TITLE_LENGTH = 200;
/** A description is Markdown rendered as chat messages are, so it has their bound. */
export const MAX_TASK_DESCRIPTION_LENGTH = MAX_MESSAGE_LENGTH;
export const MAX_TASK_LABELS = 5;
export const MAX_BOARD_LABELS = 20;
export const MAX_LABEL_NAME_LENGTH = 24;
export const MAX_BOARD_TASKS = 2000;

/** The label palette: names the pages map to their light and dark colours. */
export const LABEL_COLORS = ["gray", "red", "orange", "yellow", "green", "teal", "blue", "purple", "pink"] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

/** A due date is a calendar day, without a time or a zone. */
export const DUE_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const BOARD_NOT_FOUND = "Project not found";
export const TITLE_REQUIRED = "Title is required";
export const TITLE_TOO_LONG = `Title must be at most ${MAX_TASK_TITLE_LENGTH} characters`;
export const DESCRIPTION_TOO_LONG = `Description must be at most ${MAX_TASK_DESCRIPTION_LENGTH} characters`;
export const COLUMN_NAME_REQUIRED = "Column name is required";
export const COLUMN_NAME_TOO_LONG = `Column name must be at most ${MAX_COLUMN_NAME_LENGTH} characters`;
export const TOO_MANY_COLUMNS = `A board can have at most ${MAX_COLUMNS} columns`;
export const LAST_COLUMN = "A board needs at least one column";
export const COLUMN_NOT_EMPTY = "Move or delete this column's tasks first";
export const COLUMN_NOT_FOUND = "Column not found";
export const TASK_NOT_FOUND = "Task not found";
export const TOO_MANY_TASKS = `A board can have at most ${MAX_BOARD_TASKS} tasks`;
export const LABEL_NAME_REQUIRED = "Label name is required";
export const LABEL_NAME_TOO_LONG = `Label name must be at most ${MAX_LABEL_NAME_LENGTH} characters`;
export const LABEL_COLOR_INVALID = "Please choose a colour from the list";
export const LABEL_TAKEN = "This board already has a label with that name";
export const TOO_MANY_LABELS = `A task can have at most ${MAX_TASK_LABELS} labels`;
export const TOO_MANY_BOARD_LABELS = `A board can have at most ${MAX_BOARD_LABELS} labels`;
export const LABEL_NOT_FOUND = "Label not found";
export const DUE_DATE_INVALID = "Due date must be a date (YYYY-MM-DD)";
export const ASSIGNEE_NOT_ON_TEAM = "Tasks can be assigned only to the project's team";
export const OWNER_ONLY = "Only the project owner can change the board";
export const DELETE_NOT_ALLOWED = "Only the task's creator or the project owner can delete it";

/** Who may delete a task: the member who created it, or the project's owner. */
export const mayDeleteTask = (memberId: string, createdBy: string | null, ownerId: string) =>
  memberId === createdBy || memberId === ownerId;

/** A stale edit: the member's text is kept so they can look at the change and try again. */
export const taskConflict = (name: string) => `${name} changed this task while you were editing`;

/** The line a task's arrival in the last column writes in the team chat. */
export const finishedLine = (name: string, number: number, title: string) => `${name} finished #${number} ${title}`;

/** The public page's figure when the project's progress follows its board. */
export const tasksDone = (done: number, total: number) => `${done} of ${total} tasks done`;

/** What a task's history names for each field. */
export const TASK_FIELDS = ["created", "title", "description", "assignee", "labels", "dueDate", "column"] as const;
export type TaskField = (typeof TASK_FIELDS)[number];
