;;; eglot_test.el --- the eglot setup of docs/editors.md, in a real Emacs  -*- lexical-binding: t -*-
;;
;; run.sh writes the documented setup, unchanged, as ~/.emacs.d/init.el (HOME is a scratch folder),
;; puts a `swe-bundle-language-server' on PATH and runs `emacs --batch -l eglot_test.el'. Batch mode
;; skips what an interactive start does before the user's first command, so this does it first:
;; activate the installed packages (eglot on Emacs 28, yaml-mode) and load init.el. Then, on the
;; fixture's tools/search/config.yaml (a bundle with mistakes, in a git repository): M-x eglot,
;; the diagnostics through Flymake, the hover through ElDoc, completion at point after `<', and a
;; quick fix through M-x eglot-code-actions. The one thing replaced is the user choosing in the
;; minibuffer (`completing-read-function'), answered as a user would, recording what was offered.
;;
;; Env: SWE_BUNDLE_ROOT (the workspace copy), LSP_WAIT_MS (default 10000).
;; Prints one line per check; ends with PASS (exit 0) or FAIL: <reason> (exit 1).

(require 'cl-lib)
(require 'subr-x)

(defvar swe-root (file-name-as-directory (getenv "SWE_BUNDLE_ROOT")))
(defvar swe-wait (/ (string-to-number (or (getenv "LSP_WAIT_MS") "10000")) 1000.0))
;; The unpacked Emacs cannot start itself again to compile packages natively in the background.
(setq native-comp-jit-compilation nil native-comp-deferred-compilation nil)

(defun swe-out (fmt &rest args)
  (princ (concat (apply #'format fmt args) "\n")))

(defun swe-eq (actual expected what)
  (unless (equal actual expected)
    (error "%s: not as expected\nexpected: %S\nactual:   %S" what expected actual))
  (swe-out "ok   %s" what))

(defun swe-wait-for (what fn)
  "Waits until FN returns non-nil, taking the server's output meanwhile; fails naming WHAT."
  (let ((deadline (+ (float-time) swe-wait)) result)
    (while (and (not (setq result (funcall fn))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (or result (error "timed out after %s s waiting for %s" swe-wait what))))

(defun swe-position (pos)
  (save-excursion (goto-char pos) (format "%d:%d" (1- (line-number-at-pos)) (current-column))))

(defun swe-diagnostics ()
  "Flymake's diagnostics of the buffer, in order, as LINE:COL-LINE:COL TYPE: TEXT (0-based)."
  (mapcar (lambda (d) (format "%s-%s %s: %s" (swe-position (flymake-diagnostic-beg d)) (swe-position (flymake-diagnostic-end d))
                              (flymake-diagnostic-type d) (flymake-diagnostic-text d)))
          (sort (flymake-diagnostics) (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b))))))

(defun swe-expect-diagnostics (expected what)
  (let (seen)
    (condition-case nil
        (swe-wait-for what (lambda () (equal (setq seen (swe-diagnostics)) expected)))
      (error (swe-eq seen expected what)))
    (swe-out "ok   %s" what)))

(defun swe-goto (line column)
  "Moves to LINE (1-based) and COLUMN (0-based), as Emacs shows them."
  (goto-char (point-min)) (forward-line (1- line)) (move-to-column column))

(defun swe-line (n) (save-excursion (swe-goto n 0) (buffer-substring-no-properties (line-beginning-position) (line-end-position))))

(defun swe-command-done ()
  "What the command loop does after a command, and while the user then waits, which batch Emacs
never does: `post-command-hook', the timers that are due, then the idle timers. Eglot sends an edit to the server from
them (Emacs 30: track-changes signals, then `eglot-send-changes-idle-time')."
  (run-hooks 'post-command-hook)
  (accept-process-output nil 0) ; runs the timers that are due (Emacs 30: track-changes' signal)
  ;; Each idle timer once, including those that others start (Emacs 30: eglot's, from track-changes).
  (let (ran timer)
    (while (setq timer (cl-find-if (lambda (tm) (not (memq tm ran))) timer-idle-list))
      (push timer ran)
      (timer-event-handler timer))))

(defun swe-revert ()
  (revert-buffer t t t))

(defconst swe-search-diagnostics
  '("6:8-6:25 eglot-error: swe-bundle [missing-field]: Argument `search_term` of `search_dir` has no `required`, which SWE-agent requires."
    "9:8-9:16 eglot-error: swe-bundle [unknown-key]: SWE-agent ignores `requried` in argument `search_term` of `search_dir`; did you mean `required`?"
    "14:25-14:40 eglot-warning: swe-bundle [argument-format-jinja]: `argument_format` of argument `dir` in `search_dir` is a Jinja template: write `{{value}}`, not `{value}`."
    "16:38-16:43 eglot-error: swe-bundle [signature-unknown-placeholder]: Placeholder `<dir>` in the signature of `find_file` has no argument named 'dir'.")
  "The diagnostics of tools/search/config.yaml with the documented settings (unknown-key: error), as eglot words them.")

(defun swe-main ()
  (swe-out "Emacs %s" emacs-version)
  ;; What an interactive start does before the first command, and batch mode does not.
  (package-activate-all)
  (load (locate-user-emacs-file "init.el") nil t)
  (require 'eglot)
  (swe-out "eglot from %s" (locate-library "eglot"))

  (find-file (concat swe-root "tools/search/config.yaml"))
  (swe-eq major-mode 'yaml-mode "the bundle opens in yaml-mode")
  (call-interactively #'eglot) ; M-x eglot
  (swe-wait-for "the server to connect" (lambda () (let ((s (eglot-current-server))) (and s (jsonrpc-running-p s) (eglot--server-capable :hoverProvider)))))
  (swe-eq (list (eglot--major-modes (eglot-current-server)) (project-root (eglot--project (eglot-current-server))))
          (list '(yaml-mode yaml-ts-mode) swe-root) "M-x eglot starts the server for YAML buffers, rooted at the repository")

  ;; Diagnostics through Flymake, with the settings of the setup.
  (swe-expect-diagnostics swe-search-diagnostics "Flymake shows the exact diagnostics, with unknown-key as an error (the settings reached the server)")

  ;; Hover through ElDoc: eldoc's documentation functions, called as eldoc calls them, on `<search_term>'.
  (swe-goto 4 31)
  (let (docs)
    (run-hook-wrapped 'eldoc-documentation-functions
                      (lambda (fn) (funcall fn (lambda (doc &rest _) (when doc (push (substring-no-properties doc) docs)) t)) nil))
    (swe-wait-for "the hover" (lambda () docs))
    (swe-eq docs '("search_term: argument of search_dir (string)\n\nthe term to search for\n\n<search_term> in the signature becomes {search_term} in the invoke format and receives the value.")
            "ElDoc shows the hover of the placeholder (the server's Markdown, rendered)"))

  ;; Completion at point after `<': first the candidates, then `d' completes uniquely to `<dir>'.
  (swe-goto 4 0)
  (delete-region (line-beginning-position) (line-end-position))
  (insert "    signature: \"search_dir <\"")
  (backward-char)
  (let* ((capf (run-hook-with-args-until-success 'completion-at-point-functions))
         (prefix (buffer-substring-no-properties (nth 0 capf) (nth 1 capf))))
    (swe-eq (all-completions prefix (nth 2 capf)) '("search_term" "dir") "completion at point after `<' offers the arguments"))
  (insert "d")
  (completion-at-point)
  (swe-eq (swe-line 4) "    signature: \"search_dir <dir>\"" "completion-at-point after `<d' completes the placeholder")
  (swe-revert)
  (swe-expect-diagnostics swe-search-diagnostics "the diagnostics after reverting the buffer")

  ;; A quick fix: M-x eglot-code-actions on `requried', choosing the fix in the minibuffer.
  (swe-goto 10 10)
  (let* ((asked nil)
         (completing-read-function
          (lambda (prompt collection &rest _)
            (push (list prompt (all-completions "" collection)) asked)
            "Rename `requried` to `required`"))
         (last-nonmenu-event ?\r)) ; M-x ... RET from the keyboard: the minibuffer, not a popup menu
    (call-interactively #'eglot-code-actions)
    (swe-eq asked '(("[eglot] Pick an action (default Rename `requried` to `required`): " ("Rename `requried` to `required`")))
            "M-x eglot-code-actions offers the fix for the misspelt key"))
  (swe-eq (swe-line 10) "        required: true" "the fix is applied")
  (swe-command-done)
  (swe-expect-diagnostics (last swe-search-diagnostics 2) "Flymake after the fix: the typo and the missing `required` are gone")
  (swe-revert)

  (let ((server (eglot-current-server)))
    (eglot-shutdown server)
    (swe-wait-for "the server to exit" (lambda () (not (jsonrpc-running-p server)))))
  (swe-out "PASS"))

(condition-case err
    (progn (swe-main) (kill-emacs 0))
  (error (swe-out "FAIL: %s" (error-message-string err))
         ;; What went between Emacs and the server, for the diagnosis.
         (dolist (b (buffer-list))
           (when (string-match-p "\\`\\*EGLOT .* events\\*\\'" (buffer-name b))
             (with-current-buffer b (swe-out "--- %s (tail)\n%s" (buffer-name b) (buffer-substring-no-properties (max (point-min) (- (point-max) 4000)) (point-max))))))
         (kill-emacs 1)))
