// Package com drives an Outlook-style object model through go-ole: a
// saved, deleted or moved item and a sent mail are writes; looking up a
// folder, sorting a view or making an unsaved reply are not.
package com

import (
	ole "github.com/go-ole/go-ole"
	"github.com/go-ole/go-ole/oleutil"
)

func SaveDraft(item *ole.IDispatch, subject string) error { // want SaveDraft:`effect\(COM write: oleutil.CallMethod\)`
	if _, err := oleutil.PutProperty(item, "Subject", subject); err != nil {
		return err
	}
	_, err := oleutil.CallMethod(item, "Save")
	return err
}

func SendMail(item *ole.IDispatch) error { // want SendMail:`effect\(COM write: oleutil.CallMethod\)`
	_, err := oleutil.CallMethod(item, "Send")
	return err
}

// call runs the method its caller names: each call is judged by that
// name.
func call(disp *ole.IDispatch, method string, params ...any) (*ole.VARIANT, error) { // want call:`effect\(COM write: oleutil.CallMethod \[rpc op \$2\]\)`
	return oleutil.CallMethod(disp, method, params...)
}

func MoveItem(item, dest *ole.IDispatch) error { // want MoveItem:`effect\(COM write: oleutil.CallMethod via com.call\)`
	_, err := call(item, "Move", dest)
	return err
}

// Inbox looks a folder up and sorts its items: no fact.
func Inbox(ns *ole.IDispatch) (*ole.IDispatch, error) {
	v, err := oleutil.CallMethod(ns, "GetDefaultFolder", 6)
	if err != nil {
		return nil, err
	}
	folder := v.ToIDispatch()
	items := oleutil.MustGetProperty(folder, "Items").ToIDispatch()
	_, _ = oleutil.CallMethod(items, "Sort", "[ReceivedTime]", true)
	return items, nil
}

// Reply makes an unsaved reply, through the same helper: no fact.
func Reply(item *ole.IDispatch) (*ole.IDispatch, error) {
	v, err := call(item, "Reply")
	if err != nil {
		return nil, err
	}
	return v.ToIDispatch(), nil
}
