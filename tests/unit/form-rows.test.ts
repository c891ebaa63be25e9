import { describe, expect, it } from 'vitest'
import { flatRows, rowsFromForm } from '../../app/kit/form-rows.ts'
import type { Field } from '../../app/kit/module.ts'

const lines: Field = {
  name: 'lines',
  label: 'f_lines',
  type: 'rows',
  of: [
    { name: 'jobId', label: 'f_job', type: 'select', empty: 'line_free_text' },
    { name: 'description', label: 'f_description', type: 'text' },
    { name: 'quantity', label: 'f_quantity', type: 'text' },
  ],
}

describe('the rows of a form', () => {
  it('keeps rows with something typed or a choice made, drops blank ones, and numbers them again from 0', () => {
    const posted = {
      'lines.0.jobId': 'job-1',
      'lines.0.description': '',
      'lines.0.quantity': '',
      'lines.2.jobId': '',
      'lines.2.description': '',
      'lines.2.quantity': '',
      'lines.5.jobId': '',
      'lines.5.description': 'Parts',
      'lines.5.quantity': '2',
    }
    const rows = rowsFromForm(posted, lines)
    expect(rows).toEqual([
      { jobId: 'job-1', description: '', quantity: '' },
      { jobId: '', description: 'Parts', quantity: '2' },
    ])
    expect(flatRows('lines', rows)).toEqual({
      'lines.0.jobId': 'job-1',
      'lines.0.description': '',
      'lines.0.quantity': '',
      'lines.1.jobId': '',
      'lines.1.description': 'Parts',
      'lines.1.quantity': '2',
    })
  })
})
